import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { LedgerKind, LedgerRow } from '@shared/credits/credits.js';
import { AppError } from '../common/errors/app-error.js';

export type Movement =
  | { account: 'user'; userId: number; amount: number; kind: LedgerKind; campaignId?: number | null }
  | { account: 'campaign'; campaignId: number; amount: number; kind: LedgerKind };

const PAGE_SIZE = 25;

export const notEnoughCredits = (whose: 'user' | 'campaign') =>
  new AppError(
    ErrorCode.Conflict,
    'Not enough credits',
    whose === 'user' ? 'You do not have that many credits.' : 'This campaign does not have that many credits left.',
  );

/**
 * The credits ledger. Every movement is a ledger row written in the caller's transaction
 * together with a relative balance UPDATE that refuses to go below zero, so balances always
 * equal the sums of their rows. An idempotency key makes a repeated operation a no-op.
 */
@Injectable()
export class LedgerService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Applies the movements once per key; answers false when the key was already used. */
  async move(manager: EntityManager, idempotencyKey: string, movements: Movement[]): Promise<boolean> {
    for (const [index, movement] of movements.entries()) {
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key, account) DO NOTHING RETURNING id`,
        [
          movement.account,
          movement.account === 'user' ? movement.userId : null,
          movement.campaignId ?? null,
          movement.kind,
          movement.amount,
          idempotencyKey,
        ],
      );
      if (inserted.length === 0) {
        if (index === 0) return false;
        throw new Error(`Ledger key ${idempotencyKey} was half used`);
      }
      const [rows] =
        movement.account === 'user'
          ? await manager.query(`UPDATE users SET credits = credits + $1 WHERE id = $2 AND credits + $1 >= 0 RETURNING credits`, [
              movement.amount,
              movement.userId,
            ])
          : await manager.query(
              `UPDATE campaigns SET credits = credits + $1 WHERE post_id = $2 AND credits + $1 >= 0 RETURNING credits`,
              [movement.amount, movement.campaignId],
            );
      if (rows.length === 0) throw notEnoughCredits(movement.account);
    }
    return true;
  }

  async balance(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT credits FROM users WHERE id = $1`, [userId]);
    return Number(row?.credits ?? 0);
  }

  async page(userId: number, page: number): Promise<Paged<LedgerRow>> {
    const rows: { id: string; kind: LedgerKind; amount: string; campaign_id: number | null; created_at: Date; total: number }[] =
      await this.dataSource.query(
        `SELECT id, kind, amount, campaign_id, created_at, count(*) OVER ()::int AS total
           FROM credit_ledger WHERE account = 'user' AND user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [userId, PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
    const total = rows[0]?.total ?? 0;
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        amount: Number(row.amount),
        pid: row.campaign_id,
        createdAt: row.created_at.toISOString(),
      })),
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
    };
  }
}

/** Finds every balance that differs from the sum of its ledger rows (none, when all is well). */
export async function findLedgerMismatches(query: (sql: string) => Promise<unknown[]>) {
  const users = (await query(`
    SELECT u.id, u.credits::bigint AS balance, coalesce(sum(l.amount), 0)::bigint AS ledger
      FROM users u LEFT JOIN credit_ledger l ON l.account = 'user' AND l.user_id = u.id
     GROUP BY u.id HAVING u.credits <> coalesce(sum(l.amount), 0)`)) as { id: number; balance: string; ledger: string }[];
  const campaigns = (await query(`
    SELECT c.post_id AS id, c.credits::bigint AS balance, coalesce(sum(l.amount), 0)::bigint AS ledger
      FROM campaigns c LEFT JOIN credit_ledger l ON l.account = 'campaign' AND l.campaign_id = c.post_id
     GROUP BY c.post_id HAVING c.credits <> coalesce(sum(l.amount), 0)`)) as { id: number; balance: string; ledger: string }[];
  const [totals] = (await query(`
    SELECT count(*)::int AS rows,
           (SELECT count(*)::int FROM (SELECT idempotency_key, account FROM credit_ledger GROUP BY 1, 2 HAVING count(*) > 1) d) AS duplicates
      FROM credit_ledger`)) as { rows: number; duplicates: number }[];
  return { users, campaigns, ledgerRows: totals.rows, duplicateKeys: totals.duplicates };
}
