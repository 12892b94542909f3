import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { RiskEvidence } from '@shared/surf/surf-outcomes.js';

export interface FraudQueueRecord {
  id: number;
  username: string;
  risk_score: number;
  earning_blocked: boolean;
  risk_evidence: RiskEvidence[] | null;
  refundable_views: number;
  refundable_credits: string;
}

/** One credited view of the member not refunded yet, with who paid for it and what the member earned. */
export interface RefundableView {
  ticketId: string;
  pid: number;
  /** What the campaign paid (1 a view). */
  paid: number;
  /** What the member earned for it: the view and any membership bonus. */
  earned: number;
  /** Whose balance takes the refund when the post is deleted: its team, or else its writer. */
  ownerId: number;
  teamId: number | null;
  postDeleted: boolean;
}

/**
 * A member's credited views since a time: claimed tickets whose `view:<ticket>` rows exist (the
 * campaign's payment) and that no `fraud_refund:<ticket>` row has refunded yet. `joins` adds tables
 * to the FROM list.
 */
const refundableViews = (viewer: string, since: string, joins = '') => `
  FROM view_tickets t
  JOIN credit_ledger paid ON paid.idempotency_key = 'view:' || t.id AND paid.account = 'campaign'
  ${joins}
 WHERE t.viewer_id = ${viewer} AND t.status = 'claimed' AND t.claimed_at >= ${since}
   AND NOT EXISTS (SELECT 1 FROM credit_ledger r
                    WHERE r.idempotency_key = 'fraud_refund:' || t.id AND r.account IN ('campaign', 'user', 'team'))`;

/** The fraud queue's reads, and the refund's view of a member's credited views. */
@Injectable()
export class AdminFraudRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page of members with a risk score or a stopped earning, highest score first, and how many there are. */
  async queue(since: Date, limit: number, offset: number): Promise<{ rows: FraudQueueRecord[]; total: number }> {
    const rows: (FraudQueueRecord & { total: number })[] = await this.dataSource.query(
      `SELECT u.id, u.username, u.risk_score, u.earning_blocked, u.risk_evidence,
              v.views AS refundable_views, v.credits AS refundable_credits, count(*) OVER ()::int AS total
         FROM users u
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS views, coalesce(sum(-paid.amount), 0) AS credits
             ${refundableViews('u.id', '$1')}
         ) v
        WHERE u.risk_score > 0 OR u.earning_blocked
        ORDER BY u.risk_score DESC, u.earning_blocked DESC, u.id
        LIMIT $2 OFFSET $3`,
      [since, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? (offset > 0 ? await this.queueSize() : 0) };
  }

  private async queueSize(): Promise<number> {
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM users WHERE risk_score > 0 OR earning_blocked`,
    );
    return n;
  }

  /** The member's balance, locked until the caller's transaction ends; null when no such member. */
  async lockMemberCredits(manager: EntityManager, userId: number): Promise<number | null> {
    const [row]: { credits: string }[] = await manager.query(`SELECT credits FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row ? Number(row.credits) : null;
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
