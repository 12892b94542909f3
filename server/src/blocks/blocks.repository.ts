import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BlockedMember } from '@shared/feed/safety.js';

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

  /** Whether any of these members blocked `userId`. */
  async blockedByAny(blockerIds: number[], userId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM blocks WHERE blocker_id = ANY($1::int[]) AND blocked_id = $2 LIMIT 1`,
      [blockerIds, userId],
    );
    return rows.length > 0;
  }

  /** Who blocked this member (their live content is withheld from them). */
  async blockersOf(userId: number): Promise<number[]> {
    const rows: { blocker_id: number }[] = await this.dataSource.query(`SELECT blocker_id FROM blocks WHERE blocked_id = $1`, [
      userId,
    ]);
    return rows.map((row) => row.blocker_id);
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
