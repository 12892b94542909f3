import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import sharp, { type Metadata } from 'sharp';
import type { Repository } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { MediaObject } from '@shared/media/media.js';
import { AppError } from '../common/errors/app-error.js';
import { MediaEntity } from './media.entity.js';

export const MEDIA_BASE = '/media/';
const AVATAR_SIZE = 256;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Refuse decompression bombs before decoding: 40 megapixels is far above any real photo. */
const MAX_INPUT_PIXELS = 40_000_000;

const NOT_AN_IMAGE = new AppError(
  ErrorCode.Validation,
  'Invalid picture',
  'Please upload a JPEG, PNG, WebP or GIF image.',
);

@Injectable()
export class MediaService {
  constructor(@InjectRepository(MediaEntity) private readonly media: Repository<MediaEntity>) {}

  /** Decodes the upload as an image (whatever its name or declared type), crops it square and stores a WebP. */
  async storeAvatar(ownerId: number, upload: Buffer): Promise<MediaObject> {
    let metadata: Metadata;
    try {
      metadata = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw NOT_AN_IMAGE;
    }
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw NOT_AN_IMAGE;
    let bytes: Buffer;
    try {
      bytes = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw NOT_AN_IMAGE;
    }
    const stored = await this.media.save({ ownerId, kind: 'avatar', contentType: 'image/webp', width: AVATAR_SIZE, height: AVATAR_SIZE, bytes });
    return { base: MEDIA_BASE, id: stored.id, size: String(AVATAR_SIZE), ext: 'webp' };
  }

  async read(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    return this.media
      .createQueryBuilder('m')
      .select(['m.contentType', 'm.bytes'])
      .addSelect('m.bytes')
      .where('m.id = :id', { id })
      .getOne();
  }
}
