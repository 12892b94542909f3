import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { MediaService } from './media.service.js';

const FILE_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:_[a-z0-9]+)?\.[a-z]+$/;

/** Serves stored pictures at /media/<id>_<size>.<ext>; an id never changes content, so caches keep it for a year. */
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get(':file')
  async file(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const id = FILE_PATTERN.exec(file)?.[1];
    const found = id ? await this.media.read(id) : null;
    if (!found) throw new AppError(ErrorCode.NotFound, 'Not found', 'This picture does not exist.');
    await reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(found.contentType)
      .send(found.bytes);
  }
}
