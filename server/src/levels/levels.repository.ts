import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LevelBenefits } from '@shared/billing/billing.js';
import { ownedBy, type Advertiser } from '../auth/advertiser.js';

/** A month of a membership whose credits are due and not granted yet. */
export interface DueGrant {
  membership_id: number;
  user_id: number;
  team_id: number | null;
  month: number;
  credits: number;
}

/** The first key of the advisory lock that serializes an account's campaign activations. */
const ACTIVATIONS_LOCK = 0x61637476;

/** A membership month: every 30 days from the period's start. */
export const MONTH_SECONDS = 30 * 24 * 60 * 60;

/**
 * Due months: of periods of paid orders that contain now, each month begun so far (the first at
 * the period's start) whose key `grant:<membership id>:<month>` the ledger has not seen.
 */
const DUE_GRANTS = `
  SELECT m.id AS membership_id, m.user_id, m.team_id, k.month, l.monthly_credits AS credits
    FROM memberships m
    JOIN membership_levels l ON l.id = m.level_id
    JOIN orders o ON o.id = m.order_id AND o.state = 'paid'
   CROSS JOIN LATERAL generate_series(0, floor(extract(epoch FROM now() - m.starts_at) / ${MONTH_SECONDS})::integer) AS k (month)
   WHERE m.starts_at <= now() AND m.ends_at > now() AND l.monthly_credits > 0
     AND NOT EXISTS (SELECT 1 FROM credit_ledger g WHERE g.idempotency_key = 'grant:' || m.id || ':' || k.month)`;

/** What a membership level changes outside the surf bar: active campaigns and monthly grants. */
@Injectable()
export class LevelsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Whether the membership still contains now, its row share-locked until the caller's
   * transaction ends: a refund ending it at the same time waits for the grant, or the grant for
   * the refund, so the refund never misses a month granted while it runs.
   */
  async holdCurrentMembership(manager: EntityManager, membershipId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM memberships WHERE id = $1 AND starts_at <= now() AND ends_at > now() FOR SHARE`,
      [membershipId],
    );
    return rows.length > 0;
  }

  /**
   * The benefits of the account's current membership (the period that contains now): the
   * member's own, or the team's; undefined without one.
   */
  async currentBenefits(manager: EntityManager, owner: Advertiser): Promise<LevelBenefits | undefined> {
    const [owned, id] = ownedBy(owner, 1, 'm');
    // A member's own periods have no team_id, as a member's own posts have none.
    const [row] = await manager.query(
      `SELECT l.credits_per_view AS "creditsPerView", l.surf_timer_seconds AS "surfTimerSeconds", l.daily_cap AS "dailyCap",
              l.active_campaigns AS "activeCampaigns", l.monthly_credits AS "monthlyCredits"
         FROM memberships m JOIN membership_levels l ON l.id = m.level_id
        WHERE ${owned} AND m.starts_at <= now() AND m.ends_at > now()
        LIMIT 1`,
      [id],
    );
    return row;
  }

  /** Serializes the account's campaign activations until the caller's transaction ends. */
  async lockActivations(manager: EntityManager, owner: Advertiser): Promise<void> {
    // Members' and teams' ids overlap: a team's key is negative.
    const key = owner.kind === 'team' ? -owner.teamId : owner.userId;
    await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [ACTIVATIONS_LOCK, key]);
  }

  /** The state of the account's campaign `pid` (undefined when it is not the account's), for whether a change would make it run. */
  async campaignState(
    manager: EntityManager,
    owner: Advertiser,
    pid: number,
  ): Promise<{ paused: boolean; credits: number } | undefined> {
    const [owned, id] = ownedBy(owner, 2);
    const [row] = await manager.query(
      `SELECT c.paused, c.credits FROM campaigns c JOIN posts p ON p.id = c.post_id
        WHERE c.post_id = $1 AND ${owned} AND p.deleted_at IS NULL`,
      [pid, id],
    );
    return row ? { paused: row.paused, credits: Number(row.credits) } : undefined;
  }

  /** How many of the account's campaigns run (not paused, credits left, post not deleted), `pid`'s left out. */
  async activeCampaignsBesides(manager: EntityManager, owner: Advertiser, pid: number): Promise<number> {
    const [owned, id] = ownedBy(owner, 2);
    const [{ count }] = await manager.query(
      `SELECT count(*)::int AS count FROM campaigns c JOIN posts p ON p.id = c.post_id
        WHERE ${owned} AND c.post_id <> $1 AND NOT c.paused AND c.credits > 0 AND p.deleted_at IS NULL`,
      [pid, id],
    );
    return count;
  }

  /** Up to `limit` due months of every current membership. */
  dueGrants(limit: number): Promise<DueGrant[]> {
    return this.dataSource.query(`${DUE_GRANTS} ORDER BY m.id, k.month LIMIT $1`, [limit]);
  }

  /** The due months of the membership an order bought, in the caller's transaction (the order's settlement). */
  dueGrantsOfOrder(manager: EntityManager, orderId: string): Promise<DueGrant[]> {
    return manager.query(`${DUE_GRANTS} AND m.order_id = $1 ORDER BY k.month`, [orderId]);
  }
}
