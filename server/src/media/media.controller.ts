import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MediaService } from './media.service.js';

/** Serves stored pictures at /media/<id>_<size>.<ext>; an id never changes content, so caches keep it for a year. */
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get(':file')
  async file(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const found = await this.media.file(file);
    await reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(found.contentType)
      .send(found.bytes);
  }
}
