import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemberCard } from '@shared/people/people.js';
import { notBlockedEitherWay } from '../blocks/blocks.repository.js';
import { memberCardColumns, memberCardOf, type MemberCardRow } from './member-cards.js';

/** What a follow did: refused because the two are blocked either way, made, or already there. */
export type FollowOutcome = 'blocked' | 'created' | 'existing';

export interface FollowCounts {
  followers: number;
  following: number;
  viewerFollows: boolean;
}

/** The listed member `u` and the viewer ($2, null for a visitor) are not blocked either way: neither is listed to the other. */
const NOT_BLOCKED_WITH_VIEWER = notBlockedEitherWay('$2::int', 'u.id');

/** Members following members: the `follows` table (members blocked either way cannot follow each other). */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One statement, so a block is checked where the row is written. */
  async follow(followerId: number, followeeId: number): Promise<FollowOutcome> {
    const [row]: { blocked: boolean; created: boolean }[] = await this.dataSource.query(
      `WITH blocked AS (SELECT NOT ${notBlockedEitherWay('$1::int', '$2::int')} AS yes),
            created AS (INSERT INTO follows (follower_id, followee_id)
                        SELECT $1, $2 WHERE NOT (SELECT yes FROM blocked)
                        ON CONFLICT DO NOTHING RETURNING 1)
       SELECT (SELECT yes FROM blocked) AS blocked, EXISTS (SELECT 1 FROM created) AS created`,
      [followerId, followeeId],
    );
    return row.blocked ? 'blocked' : row.created ? 'created' : 'existing';
  }

  async unfollow(followerId: number, followeeId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`, [followerId, followeeId]);
  }

  async followerCount(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM follows WHERE followee_id = $1`, [userId]);
    return row.n;
  }

  /** `viewerId` null: a visitor. */
  async countsOf(userId: number, viewerId: number | null): Promise<FollowCounts> {
    const [row]: FollowCounts[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM follows WHERE followee_id = $1) AS followers,
              (SELECT count(*)::int FROM follows WHERE follower_id = $1) AS following,
              EXISTS (SELECT 1 FROM follows WHERE follower_id = $2 AND followee_id = $1) AS "viewerFollows"`,
      [userId, viewerId],
    );
    return row;
  }

  /** Who follows the member, newest follow first; `limit` + 1 rows tell whether there is more. */
  async followersOf(userId: number, viewerId: number | null, limit: number, offset: number): Promise<MemberCard[]> {
    const rows: MemberCardRow[] = await this.dataSource.query(
      `SELECT ${memberCardColumns('$2')}
         FROM follows f JOIN users u ON u.id = f.follower_id
        WHERE f.followee_id = $1 AND ${NOT_BLOCKED_WITH_VIEWER}
        ORDER BY f.created_at DESC, f.follower_id DESC LIMIT $3 OFFSET $4`,
      [userId, viewerId, limit, offset],
    );
    return rows.map(memberCardOf);
  }

  /** Whom the member follows, newest follow first. */
  async followingOf(userId: number, viewerId: number | null, limit: number, offset: number): Promise<MemberCard[]> {
    const rows: MemberCardRow[] = await this.dataSource.query(
      `SELECT ${memberCardColumns('$2')}
         FROM follows f JOIN users u ON u.id = f.followee_id
        WHERE f.follower_id = $1 AND ${NOT_BLOCKED_WITH_VIEWER}
        ORDER BY f.created_at DESC, f.followee_id DESC LIMIT $3 OFFSET $4`,
      [userId, viewerId, limit, offset],
    );
    return rows.map(memberCardOf);
  }
}
