import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { runPrepared, type PreparedStatement } from '../database/prepared.js';
import { postVisibleTo } from './post-visibility.js';

/** A post as far as deciding who may act on it needs. */
export interface PostAccess {
  pid: number;
  ownerId: number;
  /** The viewer wrote the post, or is an active member of the team it belongs to. */
  viewerOwns: boolean;
}

/** Read for every tracked event and every comment or feel: prepared once per connection. */
const VISIBLE_POST: PreparedStatement = {
  name: 'post_access_visible_post',
  text: `SELECT p.id, p.user_id,
                coalesce(p.user_id = $1::int OR EXISTS (
                  SELECT 1 FROM team_members m WHERE m.team_id = p.team_id AND m.user_id = $1::int AND m.status = 'active'), false) AS viewer_owns
           FROM posts p
          WHERE p.id = $2 AND p.deleted_at IS NULL AND ${postVisibleTo('p', '$1::int')}`,
};

/**
 * Whether a viewer may see posts (and so read and write their comments and feels, and watch them
 * live), and whether a member may post in a group.
 */
@Injectable()
export class PostAccessRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The live post if the viewer (null: a visitor) may see it, else null. */
  async visiblePost(viewerId: number | null, pid: number): Promise<PostAccess | null> {
    const [row] = await runPrepared<{ id: number; user_id: number; viewer_owns: boolean }>(this.dataSource, VISIBLE_POST, [
      viewerId,
      pid,
    ]);
    return row ? { pid: row.id, ownerId: row.user_id, viewerOwns: row.viewer_owns } : null;
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

  /** Only a group's active members post in it. */
  async mayPostInGroup(groupId: number, userId: number): Promise<boolean> {
    const [row]: { active: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2 AND status = 'active') AS active`,
      [groupId, userId],
    );
    return row.active;
  }
}
