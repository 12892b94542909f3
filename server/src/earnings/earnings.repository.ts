import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ReviewCategory } from '@shared/admin/earnings-review.js';
import type { RiskEvidence } from '@shared/surf/surf-outcomes.js';
import { IN_REVIEW } from '../credits/credits.repository.js';
import type { PaidView } from '../credits/paid-view.js';
import type { TimingProfile } from './review-rules.js';

/** The earnings review's turn: one process reviews at a time (pg_try_advisory_xact_lock's key). */
export const EARNINGS_REVIEW_LOCK = 0x4561_726e_5276;

/** The members a rule looks at (those with views in review), passed as $1. */
const PENDING_MEMBERS = `pending AS (SELECT unnest($1::int[]) AS user_id)`;

/** A pending view of a member, with who paid for it and what the member earned (still in review). */
export type PendingView = PaidView;

/** Accounts that share one key (a device, an address). */
export interface SharedKey {
  key: string;
  accounts: number[];
}

/** Accounts created within the burst window of each other from one first address or device, oldest first. */
export interface AccountBurst {
  by: 'address' | 'device';
  key: string;
  accounts: number[];
  firstCreatedAt: Date;
  lastCreatedAt: Date;
}

/**
 * The earnings review's queries: what each rule of `review-rules.ts` looks at, among the members
 * with views in review, and the void of one member's views. Every read takes the review's
 * manager (the transaction that holds its turn); a void takes its own.
 */
@Injectable()
export class EarningsRepository {
  /** This transaction holds the review's turn until it ends; false while another process holds it. */
  async takeTurn(manager: EntityManager): Promise<boolean> {
    const [{ locked }]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
      EARNINGS_REVIEW_LOCK,
    ]);
    return locked;
  }

  /**
   * The members with views in review: credited, not matured, not voided (through the partial index
   * view_tickets_pending, which holds the credited, unvoided views that mature). Read once a run:
   * every rule looks at these members only.
   */
  async pendingMembers(manager: EntityManager): Promise<number[]> {
    const rows: { viewer_id: number }[] = await manager.query(
      `SELECT DISTINCT t.viewer_id FROM view_tickets t WHERE ${IN_REVIEW('t')} ORDER BY t.viewer_id`,
    );
    return rows.map((row) => row.viewer_id);
  }

  /** Of `members`, those whose earning is stopped, with their score and its latest evidence. */
  async stoppedMembers(
    manager: EntityManager,
    members: number[],
  ): Promise<{ userId: number; riskScore: number; riskEvidence: RiskEvidence[] }[]> {
    const rows: { id: number; risk_score: number; risk_evidence: RiskEvidence[] | null }[] = await manager.query(
      `WITH ${PENDING_MEMBERS}
       SELECT u.id, u.risk_score, u.risk_evidence FROM pending p JOIN users u ON u.id = p.user_id
        WHERE u.earning_blocked ORDER BY u.id`,
      [members],
    );
    return rows.map((row) => ({ userId: row.id, riskScore: row.risk_score, riskEvidence: row.risk_evidence ?? [] }));
  }

  /** Of `members`, those with a wrong (or skipped) answer among those kept, with their kept answers. */
  async membersWithWrongAnswers(
    manager: EntityManager,
    members: number[],
  ): Promise<{ userId: number; wrongCodes: number; recentAnswers: boolean[] }[]> {
    const rows: { id: number; wrong_codes: number; recent_answers: boolean[] }[] = await manager.query(
      `WITH ${PENDING_MEMBERS}
       SELECT u.id, u.wrong_codes, u.recent_answers FROM pending p JOIN users u ON u.id = p.user_id
        WHERE u.wrong_codes > 0 OR false = ANY (u.recent_answers) ORDER BY u.id`,
      [members],
    );
    return rows.map((row) => ({ userId: row.id, wrongCodes: row.wrong_codes, recentAnswers: row.recent_answers }));
  }

  /**
   * The views in review of `members` whose challenge was answered from the picture less than
   * `readingMs` after its first fetch, or with the picture never fetched (latency null), oldest first.
   */
  async hastyAnswers(
    manager: EntityManager,
    members: number[],
    readingMs: number,
  ): Promise<{ userId: number; ticketId: string; latencyMs: number | null }[]> {
    const rows: { viewer_id: number; id: string; latency_ms: number | null }[] = await manager.query(
      `SELECT t.viewer_id, t.id, round(extract(epoch FROM t.claimed_at - t.challenge_seen_at) * 1000)::int AS latency_ms
         FROM view_tickets t
        WHERE t.viewer_id = ANY ($1::int[])
          AND ${IN_REVIEW('t')}
          AND t.challenge_code IS NOT NULL AND t.challenge_mode IS NULL
          AND (t.challenge_seen_at IS NULL OR t.claimed_at < t.challenge_seen_at + make_interval(secs => $2 / 1000.0))
        ORDER BY t.viewer_id, t.claimed_at`,
      [members, readingMs],
    );
    return rows.map((row) => ({ userId: row.viewer_id, ticketId: row.id, latencyMs: row.latency_ms }));
  }

  /** Devices used by `minAccounts` or more of `members`, in sessions seen in the last `hours`. */
  async sharedDevices(manager: EntityManager, members: number[], hours: number, minAccounts: number): Promise<SharedKey[]> {
    return manager.query(
      `WITH ${PENDING_MEMBERS},
       used AS (
         SELECT DISTINCT s.device AS key, s.user_id FROM pending p JOIN sessions s ON s.user_id = p.user_id
          WHERE s.device <> '' AND s.last_seen_at > now() - make_interval(hours => $2))
       SELECT key, array_agg(user_id ORDER BY user_id) AS accounts FROM used GROUP BY key HAVING count(*) >= $3 ORDER BY key`,
      [members, hours, minAccounts],
    );
  }

  /** Addresses used by `minAccounts` or more of `members`, in sessions seen in the last `hours`; the `uncounted` left out. */
  async sharedAddresses(
    manager: EntityManager,
    members: number[],
    hours: number,
    minAccounts: number,
    uncounted: readonly string[],
  ): Promise<SharedKey[]> {
    return manager.query(
      `WITH ${PENDING_MEMBERS},
       used AS (
         SELECT DISTINCT s.ip AS key, s.user_id FROM pending p JOIN sessions s ON s.user_id = p.user_id
          WHERE s.ip <> ALL ($4::text[]) AND s.last_seen_at > now() - make_interval(hours => $2))
       SELECT key, array_agg(user_id ORDER BY user_id) AS accounts FROM used GROUP BY key HAVING count(*) >= $3 ORDER BY key`,
      [members, hours, minAccounts, uncounted],
    );
  }

  /**
   * Of `members`, `minAccounts` or more created within `windowMinutes` of each other from one first
   * address (the `uncounted` left out) or one first device: each window that opens at one account's
   * creation. The first session is the one the account signed up in.
   */
  async accountBursts(
    manager: EntityManager,
    members: number[],
    windowMinutes: number,
    minAccounts: number,
    uncounted: readonly string[],
  ): Promise<AccountBurst[]> {
    const rows: { by: 'address' | 'device'; key: string; accounts: number[]; first_created_at: Date; last_created_at: Date }[] =
      await manager.query(
        `WITH ${PENDING_MEMBERS},
         firsts AS (
           SELECT DISTINCT ON (u.id) u.id AS user_id, u.created_at, s.ip, s.device
             FROM pending p JOIN users u ON u.id = p.user_id JOIN sessions s ON s.user_id = u.id
            ORDER BY u.id, s.created_at, s.id),
         keyed AS (
           SELECT user_id, created_at, 'address' AS by, ip AS key FROM firsts WHERE ip <> ALL ($4::text[])
           UNION ALL
           SELECT user_id, created_at, 'device', device FROM firsts WHERE device <> '')
         SELECT a.by, a.key, array_agg(b.user_id ORDER BY b.created_at, b.user_id) AS accounts,
                min(b.created_at) AS first_created_at, max(b.created_at) AS last_created_at
           FROM keyed a
           JOIN keyed b ON b.by = a.by AND b.key = a.key
                       AND b.created_at >= a.created_at AND b.created_at <= a.created_at + make_interval(mins => $2)
          GROUP BY a.by, a.key, a.user_id, a.created_at
         HAVING count(*) >= $3
          ORDER BY a.created_at, a.by`,
        [members, windowMinutes, minAccounts, uncounted],
      );
    return rows.map((row) => ({
      by: row.by,
      key: row.key,
      accounts: row.accounts,
      firstCreatedAt: row.first_created_at,
      lastCreatedAt: row.last_created_at,
    }));
  }

  /**
   * The click delays of `members` over their last `views` credited views (the claim after the
   * countdown's end, on the server's clocks): median and interquartile range, for members with
   * `minViews` or more.
   */
  async timingProfiles(manager: EntityManager, members: number[], views: number, minViews: number): Promise<TimingProfile[]> {
    const rows: { user_id: number; views: number; median_ms: number; spread_ms: number }[] = await manager.query(
      `WITH ${PENDING_MEMBERS}
       SELECT p.user_id, count(*)::int AS views,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY d.delay_ms) AS median_ms,
              percentile_cont(0.75) WITHIN GROUP (ORDER BY d.delay_ms)
                - percentile_cont(0.25) WITHIN GROUP (ORDER BY d.delay_ms) AS spread_ms
         FROM pending p
         CROSS JOIN LATERAL (
           SELECT (extract(epoch FROM t.claimed_at - t.issued_at) * 1000 - t.timer_seconds * 1000)::double precision AS delay_ms
             FROM view_tickets t WHERE t.viewer_id = p.user_id AND t.status = 'claimed'
            ORDER BY t.claimed_at DESC LIMIT $2) d
        GROUP BY p.user_id
       HAVING count(*) >= $3
        ORDER BY p.user_id`,
      [members, views, minViews],
    );
    return rows.map((row) => ({ userId: row.user_id, views: row.views, medianMs: row.median_ms, spreadMs: row.spread_ms }));
  }

  /**
   * The member's balance and when the review last voided views of theirs, their row locked as
   * surf_claim locks it (FOR NO KEY UPDATE), so a claim or a spend of theirs waits for the caller's
   * transaction; null when no such member.
   */
  async lockMember(manager: EntityManager, userId: number): Promise<{ credits: number; lastVoidAt: Date | null } | null> {
    const [row]: { credits: string; last_void_at: Date | null }[] = await manager.query(
      `SELECT credits, last_void_at FROM users WHERE id = $1 FOR NO KEY UPDATE`,
      [userId],
    );
    return row ? { credits: Number(row.credits), lastVoidAt: row.last_void_at } : null;
  }

  /**
   * The member's views still in review, read under their row lock, oldest first: paid (the
   * campaign's `view:<ticket>` row), not voided, not refunded by an admin, and maturing after this
   * very moment (the clock, not the transaction's start: a view that matured while the lock was
   * awaited is the member's).
   */
  async pendingViews(manager: EntityManager, userId: number): Promise<PendingView[]> {
    const rows: {
      id: string;
      post_id: number;
      paid: string;
      earned: number;
      owner_id: number;
      team_id: number | null;
      deleted: boolean;
    }[] = await manager.query(
      `SELECT t.id, t.post_id, -paid.amount AS paid, coalesce(t.earned, 0) AS earned,
              c.user_id AS owner_id, p.team_id, p.deleted_at IS NOT NULL AS deleted
         FROM view_tickets t
         JOIN credit_ledger paid ON paid.idempotency_key = 'view:' || t.id AND paid.account = 'campaign'
         JOIN campaigns c ON c.post_id = t.post_id
         JOIN posts p ON p.id = t.post_id
        WHERE t.viewer_id = $1 AND ${IN_REVIEW('t', 'clock_timestamp()')}
          AND NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.idempotency_key = 'fraud_refund:' || t.id)
        ORDER BY t.claimed_at, t.id`,
      [userId],
    );
    return rows.map((row) => ({
      ticketId: row.id,
      pid: row.post_id,
      paid: Number(row.paid),
      earned: row.earned,
      ownerId: row.owner_id,
      teamId: row.team_id,
      postDeleted: row.deleted,
    }));
  }

  /**
   * The views voided under `category`, and the member's row: the time of their last void (their
   * earnings wait the longest for a while) and their trust to be counted again.
   */
  async markVoided(manager: EntityManager, userId: number, ticketIds: string[], category: ReviewCategory): Promise<void> {
    await manager.query(`UPDATE view_tickets SET voided_at = now(), void_reason = $2 WHERE id = ANY ($1::uuid[])`, [
      ticketIds,
      category,
    ]);
    await manager.query(`UPDATE users SET last_void_at = now(), trust_day = NULL WHERE id = $1`, [userId]);
  }
}
