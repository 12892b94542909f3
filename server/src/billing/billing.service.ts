import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import {
  ORDER_PENDING_MINUTES,
  UPGRADE_COMPLETE_PATH,
  type BillingCatalog,
  type CheckoutAnswer,
  type CheckoutPayload,
  type CurrentMembership,
  type LevelBenefits,
  type MembershipAnswer,
  type Order,
  type PaymentProviderName,
} from '@shared/billing/billing.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../credits/ledger.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { BillingRepository, type MembershipRow, type OrderRow } from './billing.repository.js';
import { itemNotFound, orderNotFound, paymentRefused } from './payment-errors.js';
import type { ProviderFields, ProviderOrder } from './payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { answerSchema } from './provider-answer.js';

const PAGE_SIZE = 20;

/** Which of a provider's two answers arrived: the customer's return, or the server-to-server notification. */
export type AnswerChannel = 'return' | 'notification';

/**
 * Packs, levels and their orders. An order is settled once, by whichever of the provider's
 * answers arrives first: paying it credits the ledger (a pack) or adds a membership period (a
 * level) in the same transaction as its pending → paid change, under the provider's reference,
 * so a refreshed receipt page, a replayed callback or both answers at once credit once.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repository: BillingRepository,
    private readonly providers: PaymentProviders,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly realtime: RealtimeService,
    private readonly liveData: LiveDataService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async catalog(): Promise<BillingCatalog> {
    const [packs, levels] = await Promise.all([this.repository.activePacks(), this.repository.activeLevels()]);
    return { packs, levels, free: this.freeBenefits() };
  }

  /** What a member without a membership gets: the site's surf settings, one credit a view. */
  private freeBenefits(): LevelBenefits {
    const { timerSeconds, dailyEarningCap } = this.config.surf;
    return {
      creditsPerView: 1,
      surfTimerSeconds: timerSeconds,
      dailyCap: dailyEarningCap,
      activeCampaigns: 0,
      monthlyCredits: 0,
    };
  }

  async checkout(userId: number, { kind, id }: CheckoutPayload): Promise<CheckoutAnswer> {
    const item = kind === 'pack' ? await this.repository.activePack(id) : await this.repository.activeLevel(id);
    if (!item) throw itemNotFound();
    const provider = this.providers.active;
    const row = await this.repository.createOrder({
      userId,
      teamId: null,
      kind,
      packId: kind === 'pack' ? id : null,
      levelId: kind === 'level' ? id : null,
      itemName: item.name,
      credits: 'credits' in item ? item.credits : 0,
      amountMinor: item.amountMinor,
      currency: item.currency,
      provider: provider.name,
      pendingMinutes: ORDER_PENDING_MINUTES,
    });
    return { order: orderOf(row), checkout: provider.createCheckout(providerOrderOf(row)) };
  }

  /**
   * A provider's answer: verified by the provider the order was made with before anything is
   * read as fact; a refusal is logged and changes nothing. Answers the order as it stands after.
   */
  async settleAnswer(providerName: PaymentProviderName, channel: AnswerChannel, fields: ProviderFields): Promise<Order> {
    const provider = this.providers.byName(providerName);
    const orderId = provider?.orderIdOf(fields) ?? null;
    try {
      if (!provider) throw paymentRefused(ErrorCode.PaymentUnknownTerminal);
      const row = orderId && isUuid(orderId) ? await this.repository.order(orderId) : undefined;
      if (!row || row.provider !== providerName) throw paymentRefused(ErrorCode.PaymentMismatch);
      const order = providerOrderOf(row);
      const result = channel === 'return' ? provider.verifyReturn(fields, order) : provider.verifyNotification(fields, order);
      return orderOf(await this.settle(row, result.approved ? 'paid' : 'declined', result.providerRef, result.providerText));
    } catch (error) {
      if (error instanceof AppError) {
        this.logger.warn(`refused a ${providerName} ${channel} answer (${error.code}) for order ${orderId ?? 'unknown'}`);
      }
      throw error;
    }
  }

  /** The customer's return to the receipt page: settles the order (once) and answers where to send them, its outcome page. */
  /**
   * Payroc's receipt page is also a page of the app (a visitor may open it): with Payroc's answer
   * in the query (its HASH), the order is settled and the customer sent to its outcome page (the
   * address answered); without one, null, and the app's page is shown.
   */
  async payrocReceiptPage(query: unknown): Promise<string | null> {
    if (typeof query !== 'object' || query === null || !('HASH' in query)) return null;
    const fields = answerSchema.safeParse(query);
    if (!fields.success) {
      throw new AppError(ErrorCode.Validation, 'Invalid answer', 'The payment answer is not well formed.');
    }
    return this.receipt('payroc', fields.data);
  }

  async receipt(providerName: PaymentProviderName, fields: ProviderFields): Promise<string> {
    const order = await this.settleAnswer(providerName, 'return', fields);
    return `${UPGRADE_COMPLETE_PATH}?order=${encodeURIComponent(order.id)}`;
  }

  async orders(userId: number, page: number): Promise<Paged<Order>> {
    await this.repository.expireOverdue(userId);
    const { rows, total } = await this.repository.pageOfUser(userId, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return { items: rows.map(orderOf), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  /** One of the member's own orders (another member's is not found), for its receipt. */
  async order(userId: number, id: string): Promise<Order> {
    await this.repository.expireOverdue(userId);
    const row = await this.repository.orderOf(userId, id);
    if (!row) throw orderNotFound();
    return orderOf(row);
  }

  async membership(userId: number): Promise<MembershipAnswer> {
    const row = await this.repository.currentMembership(userId);
    return { me: row ? membershipOf(row) : null, team: null };
  }

  /** The member's own order for the local test page, or a refusal. */
  async localOrder(userId: number, orderId: string, token: string): Promise<OrderRow> {
    if (!this.providers.localPageAllowed) {
      throw new AppError(ErrorCode.Forbidden, 'Not available', 'The test payment page is not available on this server.');
    }
    const row = await this.repository.orderOf(userId, orderId);
    if (!row || row.provider !== 'local' || !this.providers.local.isCheckoutToken(orderId, token)) throw orderNotFound();
    return row;
  }

  /**
   * The local test page's decision: signs the answer as the provider would, sends the
   * background notification (not awaited, as a provider's arrives on its own), and answers the
   * receipt address the browser is sent to with the same signed answer.
   */
  async localDecision(userId: number, orderId: string, token: string, approve: boolean): Promise<Record<string, string>> {
    const row = await this.localOrder(userId, orderId, token);
    const answer = this.providers.local.answer(providerOrderOf(row), approve);
    this.settleAnswer('local', 'notification', answer).catch((error: unknown) => {
      this.logger.error(`local notification failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return answer;
  }

  private async settle(
    row: OrderRow,
    state: 'paid' | 'declined',
    providerRef: string | null,
    providerText: string,
  ): Promise<OrderRow> {
    const settled = await this.transactions.run(async (manager) => {
      const changed = await this.repository.settle(manager, row.id, { state, providerRef, providerText });
      if (!changed || changed.state !== 'paid') return changed;
      if (changed.kind === 'pack') {
        await this.ledger.move(manager, `purchase:${changed.provider}:${providerRef ?? changed.id}`, [
          { account: 'user', userId: changed.user_id, amount: changed.credits, kind: 'purchase' },
        ]);
      } else {
        await this.repository.addMembership(manager, changed.user_id, changed.level_id!, changed.id);
      }
      return changed;
    });
    if (!settled) return (await this.repository.order(row.id))!;
    this.realtime.sendToUser(settled.user_id, 'billing:order', [orderOf(settled)]);
    if (settled.state === 'paid' && settled.kind === 'pack') await this.liveData.pushCredits(settled.user_id);
    return settled;
  }
}

function membershipOf(row: MembershipRow & { paid_until: Date }): CurrentMembership {
  return {
    levelId: row.level_id,
    levelName: row.level_name,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    paidUntil: row.paid_until.toISOString(),
    benefits: row.benefits,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

function providerOrderOf(row: OrderRow): ProviderOrder {
  return { id: row.id, amountMinor: row.amount_minor, currency: row.currency, itemName: row.item_name };
}

function orderOf(row: OrderRow): Order {
  return {
    id: row.id,
    kind: row.kind,
    itemName: row.item_name,
    credits: row.credits,
    amountMinor: row.amount_minor,
    currency: row.currency,
    state: row.state,
    provider: row.provider,
    providerRef: row.provider_ref,
    teamId: row.team_id,
    teamName: row.team_name,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    reversedAt: row.reversed_at?.toISOString() ?? null,
    shortfallCredits: row.shortfall_credits,
  };
}
