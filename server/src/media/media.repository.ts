import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MediaEntity } from './media.entity.js';

export type MediaInsert = Pick<MediaEntity, 'ownerId' | 'kind' | 'contentType' | 'width' | 'height' | 'bytes'>;

/** Stored pictures: the `media` table. */
@Injectable()
export class MediaRepository {
  constructor(@InjectRepository(MediaEntity) private readonly media: Repository<MediaEntity>) {}

  /** Answers the new picture's id. */
  async create(picture: MediaInsert): Promise<string> {
    return (await this.media.save(picture)).id;
  }

  /** Which of `ids` are this owner's pictures of this kind (in no particular order). */
  async ownedAmong(ownerId: number, kind: string, ids: string[]): Promise<Set<string>> {
    const rows = await this.media.find({ where: ids.map((id) => ({ id, ownerId, kind })), select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /** The picture's bytes and their content type. */
  content(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    return this.media
      .createQueryBuilder('m')
      .select(['m.contentType', 'm.bytes'])
      .addSelect('m.bytes')
      .where('m.id = :id', { id })
      .getOne();
  }
}
