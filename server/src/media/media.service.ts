import { Injectable } from '@nestjs/common';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { MediaObject } from '@shared/media/media.js';
import { AppError } from '../common/errors/app-error.js';
import { MediaRepository } from './media.repository.js';

export const MEDIA_BASE = '/media/';
const AVATAR_SIZE = 256;
const POST_IMAGE_WIDTH = 1280;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Refuse decompression bombs before decoding: 40 megapixels is far above any real photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/** A /media file name, `<id>_<size>.<ext>`: only the id picks the picture. */
const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:_[a-z0-9]+)?\.[a-z]+$/;

const NOT_AN_IMAGE = new AppError(ErrorCode.Validation, 'Invalid picture', 'Please upload a JPEG, PNG, WebP or GIF image.');

@Injectable()
export class MediaService {
  constructor(private readonly media: MediaRepository) {}

  /** Decodes the upload as an image (whatever its name or declared type), crops it square and stores a WebP. */
  async storeAvatar(ownerId: number, upload: Buffer): Promise<MediaObject> {
    return this.store(ownerId, 'avatar', upload, (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }));
  }

  /** A post picture, at most 1280 px wide, its proportions kept. */
  async storePostImage(ownerId: number, upload: Buffer): Promise<MediaObject> {
    return this.store(ownerId, 'post_image', upload, (image) =>
      image.resize({ width: POST_IMAGE_WIDTH, withoutEnlargement: true }),
    );
  }

  /** Ids among `ids` that are this owner's pictures of this kind, in the given order. */
  async ownedIds(ownerId: number, kind: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const owned = await this.media.ownedAmong(ownerId, kind, ids);
    return ids.filter((id) => owned.has(id));
  }

  toMediaObject(id: string, kind: 'avatar' | 'post_image'): MediaObject {
    return { base: MEDIA_BASE, id, size: kind === 'avatar' ? String(AVATAR_SIZE) : `w${POST_IMAGE_WIDTH}`, ext: 'webp' };
  }

  private async store(
    ownerId: number,
    kind: 'avatar' | 'post_image',
    upload: Buffer,
    transform: (image: Sharp) => Sharp,
  ): Promise<MediaObject> {
    let metadata: Metadata;
    try {
      metadata = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw NOT_AN_IMAGE;
    }
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw NOT_AN_IMAGE;
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await transform(sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).rotate())
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw NOT_AN_IMAGE;
    }
    const id = await this.media.create({
      ownerId,
      kind,
      contentType: 'image/webp',
      width: output.info.width,
      height: output.info.height,
      bytes: output.data,
    });
    return this.toMediaObject(id, kind);
  }

  /** The stored picture a /media file name points at. */
  async file(fileName: string): Promise<{ contentType: string; bytes: Buffer }> {
    const id = FILE_NAME.exec(fileName)?.[1];
    const found = id ? await this.media.content(id) : null;
    if (!found) throw new AppError(ErrorCode.NotFound, 'Not found', 'This picture does not exist.');
    return found;
  }
}
