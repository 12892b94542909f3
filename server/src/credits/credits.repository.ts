import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LedgerKind } from '@shared/credits/credits.js';

/** One ledger row of an operation, as ledger_append (sql/ledger_append.sql) reads it. */
export interface LedgerRowInput {
  account: 'user' | 'campaign' | 'team';
  user_id: number | null;
  campaign_id: number | null;
  team_id: number | null;
  kind: LedgerKind;
  amount: number;
}

export interface StoredLedgerRow {
  id: string;
  kind: LedgerKind;
  amount: string;
  campaign_id: number | null;
  /** The text of the post the row concerns; null when it concerns none, or the post was deleted. */
  post_text: string | null;
  /** The reason the admin gave, on an admin's adjustment. */
  reason: string | null;
  created_at: Date;
  /** How many rows the account's ledger holds in all. */
  total: number;
}

/**
 * The columns of a page of ledger rows (`l`): the row, the text of the live post it concerns,
 * and the reason of an admin's adjustment, which its audit row keeps (written in the same
 * transaction, so at the same instant, for the same member).
 */
const LEDGER_PAGE_COLUMNS = `l.id, l.kind, l.amount, l.campaign_id, l.created_at, count(*) OVER ()::int AS total,
         CASE WHEN p.deleted_at IS NULL THEN p.text END AS post_text,
         (SELECT a.after->>'reason' FROM admin_audit a
           WHERE l.kind = 'admin_adjustment' AND a.target_type = 'user' AND a.target_id = l.user_id::text
             AND a.action = 'credits_adjusted' AND a.created_at = l.created_at
           ORDER BY a.id LIMIT 1) AS reason
    FROM credit_ledger l LEFT JOIN posts p ON p.id = l.campaign_id`;

/**
 * The credits ledger's reads and writes, and the balances it keeps. Rows are written by the SQL
 * function ledger_append only.
 */
/**
 * A credited view still in review (`t` the view_tickets alias): what it earned has not matured and
 * was not voided; `at` is the moment compared (now(), or clock_timestamp() under a lock just taken).
 * The one statement of it: the pending sum, the next maturing, the earnings review's reads.
 */
export const IN_REVIEW = (t: string, at = 'now()') =>
  `${t}.status = 'claimed' AND ${t}.matures_at IS NOT NULL AND ${t}.voided_at IS NULL AND ${t}.matures_at > ${at}`;

/** The member's credits still in review: what their views in review earned (read through view_tickets_pending). */
export const PENDING_CREDITS_OF = (userId: string) =>
  `SELECT coalesce(sum(p.earned), 0) FROM view_tickets p WHERE p.viewer_id = ${userId} AND ${IN_REVIEW('p')}`;

@Injectable()
export class CreditsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes an operation's rows under its key, in the caller's transaction; false: the key was used already. */
  async append(manager: EntityManager, idempotencyKey: string, rows: LedgerRowInput[]): Promise<boolean> {
    const [{ applied }]: { applied: boolean }[] = await manager.query(`SELECT ledger_append($1, $2::jsonb) AS applied`, [
      idempotencyKey,
      JSON.stringify(rows),
    ]);
    return applied;
  }

  /** A member's balance (0 for an unknown member). */
  async creditsOfUser(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT credits FROM users WHERE id = $1`, [userId]);
    return Number(row?.credits ?? 0);
  }

  /** A team's balance (0 for an unknown team). */
  async creditsOfTeam(teamId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT credits FROM teams WHERE id = $1`, [teamId]);
    return Number(row?.credits ?? 0);
  }

  /** Moves a member's balance by `amount` unless it would go below zero; false when it would. */
  async addToUser(manager: EntityManager, userId: number, amount: number): Promise<boolean> {
    const [rows] = await manager.query(
      `UPDATE users SET credits = credits + $1 WHERE id = $2 AND credits + $1 >= 0 RETURNING 1`,
      [amount, userId],
    );
    return rows.length > 0;
  }

  /**
   * Takes `amount` from a member's balance unless more than the credits available now (the balance
   * less the surf earnings still in review); false when it would.
   */
  async spendFromUser(manager: EntityManager, userId: number, amount: number): Promise<boolean> {
    const [rows] = await manager.query(
      `UPDATE users SET credits = credits - $1 WHERE id = $2 AND credits - $1 >= (${PENDING_CREDITS_OF('$2')}) RETURNING 1`,
      [amount, userId],
    );
    return rows.length > 0;
  }

  /** Whether the member's whole balance (in review or not) holds `amount` credits. */
  async holds(manager: EntityManager, userId: number, amount: number): Promise<boolean> {
    const [row]: { enough: boolean }[] = await manager.query(`SELECT credits >= $2 AS enough FROM users WHERE id = $1`, [
      userId,
      amount,
    ]);
    return row?.enough ?? false;
  }

  /** Moves a campaign's balance by `amount` unless it would go below zero; false when it would. */
  async addToCampaign(manager: EntityManager, campaignId: number, amount: number): Promise<boolean> {
    const [rows] = await manager.query(
      `UPDATE campaigns SET credits = credits + $1 WHERE post_id = $2 AND credits + $1 >= 0 RETURNING 1`,
      [amount, campaignId],
    );
    return rows.length > 0;
  }

  /** Moves a team's balance by `amount` unless it would go below zero; false when it would. */
  async addToTeam(manager: EntityManager, teamId: number, amount: number): Promise<boolean> {
    const [rows] = await manager.query(
      `UPDATE teams SET credits = credits + $1 WHERE id = $2 AND credits + $1 >= 0 RETURNING 1`,
      [amount, teamId],
    );
    return rows.length > 0;
  }

  /** A page of the team's rows, newest first. */
  pageOfTeam(teamId: number, limit: number, offset: number): Promise<StoredLedgerRow[]> {
    return this.dataSource.query(
      `SELECT ${LEDGER_PAGE_COLUMNS}
        WHERE l.account = 'team' AND l.team_id = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
      [teamId, limit, offset],
    );
  }

  /** A page of the member's own rows, newest first. */
  pageOfUser(userId: number, limit: number, offset: number): Promise<StoredLedgerRow[]> {
    return this.dataSource.query(
      `SELECT ${LEDGER_PAGE_COLUMNS}
        WHERE l.account = 'user' AND l.user_id = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
  }

  /**
   * A member's balance as their earnings summary shows it: the whole of it, the part still in
   * review and when the next of that matures (both through view_tickets_pending), today's surf
   * earnings and whether their address is confirmed; in one snapshot. Null for no such member.
   */
  async earningsOfUser(userId: number): Promise<MemberEarnings | null> {
    const [row]: MemberEarningsRow[] = await this.dataSource.query(
      `SELECT u.credits, (${PENDING_CREDITS_OF('u.id')}) AS pending,
              (SELECT min(t.matures_at) FROM view_tickets t WHERE t.viewer_id = u.id AND ${IN_REVIEW('t')}) AS next_mature_at,
              CASE WHEN u.earned_day = current_date THEN u.earned_today ELSE 0 END AS earned_today,
              u.email_confirmed_at IS NOT NULL AS email_confirmed
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    if (!row) return null;
    return {
      credits: Number(row.credits),
      pending: Number(row.pending),
      nextMatureAt: row.next_mature_at,
      earnedToday: row.earned_today,
      emailConfirmed: row.email_confirmed,
    };
  }
}

/** What earningsOfUser reads, as PostgreSQL answers it (bigint sums as strings). */
interface MemberEarningsRow {
  credits: string;
  pending: string;
  next_mature_at: Date | null;
  earned_today: number;
  email_confirmed: boolean;
}

export interface MemberEarnings {
  credits: number;
  /** Of `credits`, what surfing earned that is still in review. */
  pending: number;
  /** When the next of the pending credits matures; null when none are pending. */
  nextMatureAt: Date | null;
  earnedToday: number;
  emailConfirmed: boolean;
}

/**
 * Finds every balance (member, campaign, team) that differs from the sum of its ledger rows (none, when all is well) and
 * every idempotency key used twice. Takes a plain query function: `npm run ledger:verify`, the
 * tests and the benchmark run it on a pg client of their own.
 */
export async function findLedgerMismatches(query: (sql: string) => Promise<unknown[]>) {
  const users = (await query(`
    SELECT u.id, u.credits::bigint AS balance, coalesce(sum(l.amount), 0)::bigint AS ledger
      FROM users u LEFT JOIN credit_ledger l ON l.account = 'user' AND l.user_id = u.id
     GROUP BY u.id HAVING u.credits <> coalesce(sum(l.amount), 0)`)) as { id: number; balance: string; ledger: string }[];
  const campaigns = (await query(`
    SELECT c.post_id AS id, c.credits::bigint AS balance, coalesce(sum(l.amount), 0)::bigint AS ledger
      FROM campaigns c LEFT JOIN credit_ledger l ON l.account = 'campaign' AND l.campaign_id = c.post_id
     GROUP BY c.post_id HAVING c.credits <> coalesce(sum(l.amount), 0)`)) as { id: number; balance: string; ledger: string }[];
  const teams = (await query(`
    SELECT t.id, t.credits::bigint AS balance, coalesce(sum(l.amount), 0)::bigint AS ledger
      FROM teams t LEFT JOIN credit_ledger l ON l.account = 'team' AND l.team_id = t.id
     GROUP BY t.id HAVING t.credits <> coalesce(sum(l.amount), 0)`)) as { id: number; balance: string; ledger: string }[];
  const [totals] = (await query(`
    SELECT count(*)::int AS rows,
           (SELECT count(*)::int FROM (SELECT idempotency_key, account FROM credit_ledger GROUP BY 1, 2 HAVING count(*) > 1) d) AS duplicates
      FROM credit_ledger`)) as { rows: number; duplicates: number }[];
  return { users, campaigns, teams, ledgerRows: totals.rows, duplicateKeys: totals.duplicates };
}
