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
  created_at: Date;
  /** How many rows the account's ledger holds in all. */
  total: number;
}

/**
 * The credits ledger's reads and writes, and the balances it keeps. Rows are written by the SQL
 * function ledger_append only.
 */
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
      `SELECT id, kind, amount, campaign_id, created_at, count(*) OVER ()::int AS total
         FROM credit_ledger WHERE account = 'team' AND team_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [teamId, limit, offset],
    );
  }

  /** A page of the member's own rows, newest first. */
  pageOfUser(userId: number, limit: number, offset: number): Promise<StoredLedgerRow[]> {
    return this.dataSource.query(
      `SELECT id, kind, amount, campaign_id, created_at, count(*) OVER ()::int AS total
         FROM credit_ledger WHERE account = 'user' AND user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
  }
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
