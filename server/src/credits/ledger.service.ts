import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { postTitleOf } from '@shared/campaigns/post-title.js';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { LedgerKind, LedgerRow } from '@shared/credits/credits.js';
import type { Advertiser } from '../auth/advertiser.js';
import { AppError } from '../common/errors/app-error.js';
import { afterCommit } from '../database/transactions.js';
import { AppMetrics } from '../metrics/app-metrics.js';
import { CreditsRepository, type LedgerRowInput } from './credits.repository.js';

export type Movement =
  | { account: 'user'; userId: number; amount: number; kind: LedgerKind; campaignId?: number | null; teamId?: number | null }
  | { account: 'campaign'; campaignId: number; amount: number; kind: LedgerKind }
  | { account: 'team'; teamId: number; amount: number; kind: LedgerKind; campaignId?: number | null };

const PAGE_SIZE = 25;

/**
 * The movements by which a member spends or moves their own credits: they draw only on credits
 * available now, never on surf earnings still in review. Corrections (an admin's adjustment, a
 * refunded purchase, a clawback, the review's void) may take any part of the balance.
 */
const SPENDING_KINDS: ReadonlySet<LedgerKind> = new Set(['campaign_assign', 'team_deposit']);

const NOT_ENOUGH: Record<Movement['account'], string> = {
  user: 'You do not have that many credits.',
  campaign: 'This campaign does not have that many credits left.',
  team: 'The team does not have that many credits.',
};

export const notEnoughCredits = (whose: Movement['account']) =>
  new AppError(ErrorCode.Conflict, 'Not enough credits', NOT_ENOUGH[whose]);

/** The member holds the credits, but part of them is surf earnings still in review. */
const CREDITS_IN_REVIEW = new AppError(
  ErrorCode.CreditsInReview,
  'Credits still in review',
  'Some of your credits were earned by surfing and are still in review: you can spend them once they leave it.',
);

/**
 * The credits ledger. Every movement is a ledger row written in the caller's transaction
 * together with a relative balance UPDATE that refuses to go below zero, so balances always
 * equal the sums of their rows. An idempotency key makes a repeated operation a no-op.
 * The rows are written by the SQL function ledger_append, which surf_claim calls too.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly repository: CreditsRepository,
    private readonly metrics: AppMetrics,
  ) {}

  /** Applies the movements once per key; answers false when the key was already used. */
  async move(manager: EntityManager, idempotencyKey: string, movements: Movement[]): Promise<boolean> {
    if (!(await this.repository.append(manager, idempotencyKey, movements.map(ledgerRow)))) return false;
    for (const movement of movements) {
      const moved = await this.addTo(manager, movement);
      if (moved) continue;
      if (movement.account === 'user' && (await this.repository.holds(manager, movement.userId, -movement.amount)))
        throw CREDITS_IN_REVIEW;
      throw notEnoughCredits(movement.account);
    }
    afterCommit(manager, () => this.metrics.ledgerRowsWritten(movements.map((movement) => movement.kind)));
    return true;
  }

  private addTo(manager: EntityManager, movement: Movement): Promise<boolean> {
    switch (movement.account) {
      case 'user':
        return movement.amount < 0 && SPENDING_KINDS.has(movement.kind)
          ? this.repository.spendFromUser(manager, movement.userId, -movement.amount)
          : this.repository.addToUser(manager, movement.userId, movement.amount);
      case 'campaign':
        return this.repository.addToCampaign(manager, movement.campaignId, movement.amount);
      case 'team':
        return this.repository.addToTeam(manager, movement.teamId, movement.amount);
    }
  }

  /** A page of the account's rows: the member's own, or the current team's. */
  async page(owner: Advertiser, page: number): Promise<Paged<LedgerRow>> {
    const offset = (page - 1) * PAGE_SIZE;
    const rows =
      owner.kind === 'team'
        ? await this.repository.pageOfTeam(owner.teamId, PAGE_SIZE, offset)
        : await this.repository.pageOfUser(owner.userId, PAGE_SIZE, offset);
    const total = rows[0]?.total ?? 0;
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        amount: Number(row.amount),
        pid: row.campaign_id,
        postTitle: row.campaign_id === null ? null : postTitleOf(row.post_text),
        reason: row.reason,
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
    team_id: movement.account === 'campaign' ? null : (movement.teamId ?? null),
    kind: movement.kind,
    amount: movement.amount,
  };
}
