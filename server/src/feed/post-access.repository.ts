import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { postVisibleTo } from './post-visibility.js';

/** A post as far as deciding who may act on it needs. */
export interface PostAccess {
  pid: number;
  ownerId: number;
}

/** Whether a viewer may see posts (and so read and write their comments and feels, and watch them live). */
@Injectable()
export class PostAccessRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The live post if the viewer (null: a visitor) may see it, else null. */
  async visiblePost(viewerId: number | null, pid: number): Promise<PostAccess | null> {
    const [row]: { id: number; user_id: number }[] = await this.dataSource.query(
      `SELECT p.id, p.user_id FROM posts p
        WHERE p.id = $2 AND p.deleted_at IS NULL AND ${postVisibleTo('p', '$1::int')}`,
      [viewerId, pid],
    );
    return row ? { pid: row.id, ownerId: row.user_id } : null;
  }

  /** Of these post ids, the live ones the viewer may see. */
  async visiblePids(viewerId: number | null, pids: number[]): Promise<number[]> {
    if (pids.length === 0) return [];
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT p.id FROM posts p
        WHERE p.id = ANY($2::int[]) AND p.deleted_at IS NULL AND ${postVisibleTo('p', '$1::int')}
        ORDER BY p.id`,
      [viewerId, pids],
    );
    return rows.map((row) => row.id);
  }
}
