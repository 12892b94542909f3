import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CommissionState } from '@shared/referrals/commissions.js';

/** A paid order of a referred member: who referred them and what the order bought, in credits. */
export interface ReferredPurchase {
  referrerId: number;
  referredId: number;
  /** A pack's credits, or the level's monthly credits. */
  credits: number;
}

/** A commission that was created, credited or taken back, for telling its referrer. */
export interface CommissionChange {
  id: number;
  referrerId: number;
  credits: number;
  state: CommissionState;
}

export interface CommissionListRow {
  id: number;
  credits: number;
  state: CommissionState;
  matures_at: Date;
  credited_at: Date | null;
  clawed_back_at: Date | null;
  created_at: Date;
  referred_username: string;
  item_name: string;
}

const CHANGE_COLUMNS = `id, referrer_id AS "referrerId", credits, state`;

/** Referral commissions: a referrer's share of a referred member's paid orders. */
@Injectable()
export class ReferralCommissionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The order's buyer's referrer and what it bought; undefined when the buyer has no referrer. */
  async referredPurchase(manager: EntityManager, orderId: string): Promise<ReferredPurchase | undefined> {
    const [row] = await manager.query(
      `SELECT u.referrer_id AS "referrerId", o.user_id AS "referredId",
              CASE WHEN o.kind = 'pack' THEN o.credits ELSE coalesce(l.monthly_credits, 0) END AS credits
         FROM orders o
         JOIN users u ON u.id = o.user_id
         LEFT JOIN membership_levels l ON l.id = o.level_id
        WHERE o.id = $1 AND u.referrer_id IS NOT NULL`,
      [orderId],
    );
    return row;
  }

  /** A pending commission of the order; none when the order already has one. */
  async createPending(
    manager: EntityManager,
    orderId: string,
    purchase: ReferredPurchase & { maturesAt: Date },
  ): Promise<CommissionChange | undefined> {
    const [row] = await manager.query(
      `INSERT INTO referral_commissions (order_id, referrer_id, referred_id, credits, matures_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_id) DO NOTHING
       RETURNING ${CHANGE_COLUMNS}`,
      [orderId, purchase.referrerId, purchase.referredId, purchase.credits, purchase.maturesAt],
    );
    return row;
  }

  /**
   * Takes back the order's commission if it is still pending (a credited one is kept); a
   * credit under way holds the row, so this waits for it and then finds it credited.
   */
  async clawBack(manager: EntityManager, orderId: string): Promise<CommissionChange | undefined> {
    const [rows] = await manager.query(
      `UPDATE referral_commissions SET state = 'clawed_back', clawed_back_at = now()
        WHERE order_id = $1 AND state = 'pending'
        RETURNING ${CHANGE_COLUMNS}`,
      [orderId],
    );
    return rows[0];
  }

  /**
   * One pending commission due at `now`, locked for the caller's transaction; rows another
   * transaction holds (being credited, or taken back) are skipped.
   */
  async lockNextDue(manager: EntityManager, now: Date): Promise<CommissionChange | undefined> {
    const [row] = await manager.query(
      `SELECT ${CHANGE_COLUMNS} FROM referral_commissions
        WHERE state = 'pending' AND matures_at <= $1
        ORDER BY matures_at
        LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return row;
  }

  async markCredited(manager: EntityManager, id: number, at: Date): Promise<void> {
    await manager.query(`UPDATE referral_commissions SET state = 'credited', credited_at = $2 WHERE id = $1`, [id, at]);
  }

  /** One page of the referrer's commissions, newest first, with the count of all of them. */
  async pageOf(referrerId: number, limit: number, offset: number): Promise<{ rows: CommissionListRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT c.id, c.credits, c.state, c.matures_at, c.credited_at, c.clawed_back_at, c.created_at,
                u.username AS referred_username, o.item_name
           FROM referral_commissions c
           JOIN users u ON u.id = c.referred_id
           JOIN orders o ON o.id = c.order_id
          WHERE c.referrer_id = $1
          ORDER BY c.created_at DESC, c.id DESC
          LIMIT $2 OFFSET $3`,
        [referrerId, limit, offset],
      ),
      this.dataSource.query(`SELECT count(*)::int AS n FROM referral_commissions WHERE referrer_id = $1`, [referrerId]),
    ]);
    return { rows, total: count.n };
  }

  /** Credits of all the referrer's commissions still pending, and of those credited. */
  async totalsOf(referrerId: number): Promise<{ pending: number; credited: number }> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(credits) FILTER (WHERE state = 'pending'), 0)::int AS pending,
              coalesce(sum(credits) FILTER (WHERE state = 'credited'), 0)::int AS credited
         FROM referral_commissions WHERE referrer_id = $1`,
      [referrerId],
    );
    return row;
  }
}
