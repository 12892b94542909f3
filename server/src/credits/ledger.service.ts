import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { LedgerKind, LedgerRow } from '@shared/credits/credits.js';
import { AppError } from '../common/errors/app-error.js';
import { CreditsRepository, type LedgerRowInput } from './credits.repository.js';

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
 * The rows are written by the SQL function ledger_append, which surf_claim calls too.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly repository: CreditsRepository) {}

  /** Applies the movements once per key; answers false when the key was already used. */
  async move(manager: EntityManager, idempotencyKey: string, movements: Movement[]): Promise<boolean> {
    if (!(await this.repository.append(manager, idempotencyKey, movements.map(ledgerRow)))) return false;
    for (const movement of movements) {
      const moved =
        movement.account === 'user'
          ? await this.repository.addToUser(manager, movement.userId, movement.amount)
          : await this.repository.addToCampaign(manager, movement.campaignId, movement.amount);
      if (!moved) throw notEnoughCredits(movement.account);
    }
    return true;
  }

  async page(userId: number, page: number): Promise<Paged<LedgerRow>> {
    const rows = await this.repository.pageOfUser(userId, PAGE_SIZE, (page - 1) * PAGE_SIZE);
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

function ledgerRow(movement: Movement): LedgerRowInput {
  return {
    account: movement.account,
    user_id: movement.account === 'user' ? movement.userId : null,
    campaign_id: movement.campaignId ?? null,
    kind: movement.kind,
    amount: movement.amount,
  };
}
