import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReviewCategory, ReviewEvidence } from '@shared/admin/earnings-review.js';
import type { RiskEvidence } from '@shared/surf/surf-outcomes.js';
import type { PaidView } from '../../credits/paid-view.js';

export interface FraudQueueRecord {
  id: number;
  username: string;
  risk_score: number;
  earning_blocked: boolean;
  risk_evidence: RiskEvidence[] | null;
  refundable_views: number;
  refundable_credits: string;
  review_views: number;
  review_by_category: { category: ReviewCategory; views: number }[];
  /** The `after` of the latest `earnings_voided` audit entry since the queue's start, and when. */
  latest_void: { category: ReviewCategory; evidence: ReviewEvidence; voidedViews: number } | null;
  latest_void_at: Date | null;
}

/** One credited view of the member not refunded yet. */
export type RefundableView = PaidView;

/**
 * A member's credited views since a time: claimed tickets whose `view:<ticket>` rows exist (the
 * campaign's payment), that no `fraud_refund:<ticket>` row has refunded yet and that are not voided
 * (by the earnings review while in review, or by an earlier refund). `joins` adds tables to the
 * FROM list.
 */
const refundableViews = (viewer: string, since: string, joins = '') => `
  FROM view_tickets t
  JOIN credit_ledger paid ON paid.idempotency_key = 'view:' || t.id AND paid.account = 'campaign'
  ${joins}
 WHERE t.viewer_id = ${viewer} AND t.status = 'claimed' AND t.claimed_at >= ${since} AND t.voided_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM credit_ledger r
                    WHERE r.idempotency_key = 'fraud_refund:' || t.id AND r.account IN ('campaign', 'user', 'team'))`;

/**
 * The members of the queue: a risk score, a stopped earning, or views the earnings review voided
 * since $1 (an admin's refund, void_reason 'admin', does not put a member in the queue).
 */
const QUEUED = `queued AS (
  SELECT id FROM users WHERE risk_score > 0 OR earning_blocked
  UNION
  SELECT viewer_id FROM view_tickets WHERE voided_at >= $1 AND void_reason <> 'admin')`;

/** The fraud queue's reads, and the refund's view of a member's credited views. */
@Injectable()
export class AdminFraudRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A page of the queue (members with a risk score, a stopped earning, or views the earnings review
   * voided since `since`), highest score first, then the most voided, and how many there are. Each
   * with the refundable views, the review's voids by category, and its latest void's audit entry.
   */
  async queue(since: Date, limit: number, offset: number): Promise<{ rows: FraudQueueRecord[]; total: number }> {
    const rows: (FraudQueueRecord & { total: number })[] = await this.dataSource.query(
      `WITH ${QUEUED}
       SELECT u.id, u.username, u.risk_score, u.earning_blocked, u.risk_evidence,
              v.views AS refundable_views, v.credits AS refundable_credits,
              r.views AS review_views, r.by_category AS review_by_category,
              l.after AS latest_void, l.created_at AS latest_void_at, count(*) OVER ()::int AS total
         FROM queued q
         JOIN users u ON u.id = q.id
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS views, coalesce(sum(-paid.amount), 0) AS credits
             ${refundableViews('u.id', '$1')}
         ) v
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(n), 0)::int AS views,
                  coalesce(jsonb_agg(jsonb_build_object('category', void_reason, 'views', n) ORDER BY n DESC, void_reason), '[]') AS by_category
             FROM (SELECT void_reason, count(*)::int AS n FROM view_tickets
                    WHERE viewer_id = u.id AND status = 'claimed' AND voided_at >= $1 AND void_reason <> 'admin'
                    GROUP BY void_reason) c
         ) r
         LEFT JOIN LATERAL (
           SELECT a.after, a.created_at FROM admin_audit a
            WHERE a.target_type = 'user' AND a.target_id = u.id::text AND a.action = 'earnings_voided' AND a.created_at >= $1
            ORDER BY a.id DESC LIMIT 1
         ) l ON true
        ORDER BY u.risk_score DESC, u.earning_blocked DESC, r.views DESC, u.id
        LIMIT $2 OFFSET $3`,
      [since, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? (offset > 0 ? await this.queueSize(since) : 0) };
  }

  private async queueSize(since: Date): Promise<number> {
    const [{ n }]: { n: number }[] = await this.dataSource.query(`WITH ${QUEUED} SELECT count(*)::int AS n FROM queued`, [since]);
    return n;
  }

  /** The member's balance, locked until the caller's transaction ends; null when no such member. */
  async lockMemberCredits(manager: EntityManager, userId: number): Promise<number | null> {
    const [row]: { credits: string }[] = await manager.query(`SELECT credits FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row ? Number(row.credits) : null;
  }

  /** The teams the member moved credits into since `since` (read unlocked, to lock them before the member). */
  async teamsDepositedInto(manager: EntityManager, userId: number, since: Date): Promise<number[]> {
    const rows: { team_id: number }[] = await manager.query(
      `SELECT DISTINCT team_id FROM credit_ledger
        WHERE account = 'user' AND user_id = $1 AND kind = 'team_deposit' AND created_at >= $2 ORDER BY team_id`,
      [userId, since],
    );
    return rows.map((row) => row.team_id);
  }

  /**
   * What a clawback may still take from each of these teams for the member: what the member moved
   * into it since `since` (deposits less what they moved back out), less what earlier clawbacks of
   * the member's views already took from it since then (team rows under
   * `fraud_clawback:<ticket>:team:<team id>`); with the team's balance, the teams row-locked in id
   * order (as a deposit locks its team before the member) until the caller's transaction ends.
   * Only teams with something to take are answered, most recently deposited into first.
   */
  async lockTeamsToFollow(
    manager: EntityManager,
    userId: number,
    teamIds: number[],
    since: Date,
  ): Promise<{ teamId: number; followable: number; credits: number }[]> {
    if (teamIds.length === 0) return [];
    const locked: { id: number; credits: string }[] = await manager.query(
      `SELECT id, credits FROM teams WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [teamIds],
    );
    const rows: { team_id: number; followable: string; last_deposit: Date }[] = await manager.query(
      `WITH moved AS (
         SELECT team_id, -sum(amount) AS net, max(created_at) FILTER (WHERE kind = 'team_deposit') AS last_deposit
           FROM credit_ledger
          WHERE account = 'user' AND user_id = $1 AND team_id = ANY($2::int[])
            AND kind IN ('team_deposit', 'team_withdraw') AND created_at >= $3
          GROUP BY team_id
       ), followed AS (
         SELECT l.team_id, -sum(l.amount) AS taken
           FROM credit_ledger l
           JOIN view_tickets t ON t.id = split_part(l.idempotency_key, ':', 2)::uuid
          WHERE l.account = 'team' AND l.kind = 'fraud_clawback' AND l.team_id = ANY($2::int[]) AND l.created_at >= $3
            AND t.viewer_id = $1
          GROUP BY l.team_id
       )
       SELECT moved.team_id, moved.net - coalesce(followed.taken, 0) AS followable, moved.last_deposit
         FROM moved LEFT JOIN followed USING (team_id)
        WHERE moved.net - coalesce(followed.taken, 0) > 0
        ORDER BY moved.last_deposit DESC NULLS LAST, moved.team_id`,
      [userId, locked.map((team) => team.id), since],
    );
    const credits = new Map(locked.map((team) => [team.id, Number(team.credits)]));
    return rows.map((row) => ({ teamId: row.team_id, followable: Number(row.followable), credits: credits.get(row.team_id)! }));
  }

  /**
   * The refunded views marked voided by an admin (`void_reason` 'admin'): the earnings review no
   * longer looks at them, and what they earned leaves the member's credits in review.
   */
  async markRefunded(manager: EntityManager, ticketIds: string[]): Promise<void> {
    await manager.query(`UPDATE view_tickets SET voided_at = now(), void_reason = 'admin' WHERE id = ANY ($1::uuid[])`, [
      ticketIds,
    ]);
  }

  /** The member's credited views since `since` not refunded yet, oldest first. */
  async refundableViews(manager: EntityManager, userId: number, since: Date): Promise<RefundableView[]> {
    const rows: {
      id: string;
      post_id: number;
      paid: string;
      earned: string;
      owner_id: number;
      team_id: number | null;
      deleted: boolean;
    }[] = await manager.query(
      `SELECT t.id, t.post_id, -paid.amount AS paid,
              (SELECT coalesce(sum(e.amount), 0) FROM credit_ledger e
                WHERE e.account = 'user' AND e.user_id = t.viewer_id
                  AND e.idempotency_key IN ('view:' || t.id, 'level_bonus:' || t.id)) AS earned,
              c.user_id AS owner_id, p.team_id, p.deleted_at IS NOT NULL AS deleted
         ${refundableViews('$1', '$2', 'JOIN campaigns c ON c.post_id = t.post_id JOIN posts p ON p.id = t.post_id')}
        ORDER BY t.claimed_at, t.id`,
      [userId, since],
    );
    return rows.map((row) => ({
      ticketId: row.id,
      pid: row.post_id,
      paid: Number(row.paid),
      earned: Number(row.earned),
      ownerId: row.owner_id,
      teamId: row.team_id,
      postDeleted: row.deleted,
    }));
  }
}
