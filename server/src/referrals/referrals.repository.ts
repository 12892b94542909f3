import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A member who signed up through someone's link, and where they came from. */
export interface ReferredMember {
  username: string;
  joinedAt: Date;
  source: Record<string, string> | null;
}

/** The members each user referred (the `users` rows whose `referrer_id` is theirs). */
@Injectable()
export class ReferralsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page, newest first. `total` counts all the user's referrals, but only when the page has
   * rows: it is null for a page past the end.
   */
  async pageOf(referrerId: number, limit: number, offset: number): Promise<{ items: ReferredMember[]; total: number | null }> {
    const rows: { username: string; created_at: Date; referral_source: Record<string, string> | null; total: number }[] =
      await this.dataSource.query(
        `SELECT username, created_at, referral_source, count(*) OVER ()::int AS total
           FROM users WHERE referrer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [referrerId, limit, offset],
      );
    return {
      items: rows.map((row) => ({ username: row.username, joinedAt: row.created_at, source: row.referral_source })),
      total: rows[0]?.total ?? null,
    };
  }

  async countOf(referrerId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE referrer_id = $1`, [referrerId]);
    return row.n;
  }
}
