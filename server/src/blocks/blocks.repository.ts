import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BlockedMember } from '@shared/feed/safety.js';

/**
 * SQL: true when neither member blocked the other. `member` and `other` are SQL expressions of
 * two member ids (`other` never NULL); a NULL member (a visitor) has blocked nobody. The one
 * definition of "blocked either way" is the function `block_partners` (sql/block_partners.sql).
 * `member` must be known before the query runs (the viewer, a parameter): its partners are then
 * read once per statement, two index probes into an array (an InitPlan), and each row costs a
 * comparison with that short array. As an anti join PostgreSQL guessed it would remove nearly
 * every row, and so read a prolific author's every post and sorted them instead of walking the
 * newest few (docs/performance.md).
 */
export function notBlockedEitherWay(member: string, other: string): string {
  return `${other} <> ALL (ARRAY(SELECT member_id FROM block_partners(${member})))`;
}

/**
 * SQL: true when `blocker` did not block `member`. One-way on purpose, for the one thing a block
 * hides one way: the blocker's profile (and its feed) from the member they blocked.
 */
export function notBlockedBy(blocker: string, member: string): string {
  return `NOT EXISTS (SELECT 1 FROM blocks ob WHERE ob.blocker_id = ${blocker} AND ob.blocked_id = ${member})`;
}

/** Blocks between members (`blocks`). */
@Injectable()
export class BlocksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** False when the member to block does not exist. Blocking twice keeps the first block. */
  async block(blockerId: number, blockedId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO blocks (blocker_id, blocked_id) SELECT $1, id FROM users WHERE id = $2
       ON CONFLICT DO NOTHING RETURNING blocked_id`,
      [blockerId, blockedId],
    );
    return rows.length > 0 || (await this.isBlocked(blockerId, blockedId));
  }

  async unblock(blockerId: number, blockedId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
  }

  async isBlocked(blockerId: number, blockedId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [
      blockerId,
      blockedId,
    ]);
    return rows.length > 0;
  }

  /** The members blocked either way with this one: who blocked them and whom they blocked (their live content is withheld). */
  async partnersOf(userId: number): Promise<number[]> {
    const rows: { member_id: number }[] = await this.dataSource.query(`SELECT member_id FROM block_partners($1)`, [userId]);
    return rows.map((row) => row.member_id);
  }

  /** The members this one blocked, newest block first. */
  async blockedBy(blockerId: number): Promise<BlockedMember[]> {
    return this.dataSource.query(
      `SELECT u.id, u.username, u.first_name FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1 ORDER BY b.created_at DESC LIMIT 500`,
      [blockerId],
    );
  }
}
