import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import {
  ORDER_PENDING_MINUTES,
  UPGRADE_COMPLETE_PATH,
  type AdminOrder,
  type BillingCatalog,
  type BillingDetails,
  type BillingDetailsPayload,
  type CheckoutAnswer,
  type CheckoutPayload,
  type CurrentMembership,
  type LevelBenefits,
  type MembershipAnswer,
  type Order,
  type OrderReceipt,
  type PaymentProviderName,
} from '@shared/billing/billing.js';
import { teamRoleAllows } from '@shared/teams/teams.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import type { ActingTeam } from '../auth/acting-team.js';
import type { Advertiser } from '../auth/advertiser.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../credits/ledger.service.js';
import { LevelBenefitsService } from '../levels/level-benefits.service.js';
import { MembershipGrants } from '../levels/membership-grants.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { CommissionChange } from '../referrals/referral-commissions.repository.js';
import { ReferralCommissionsService } from '../referrals/referral-commissions.service.js';
import { receiptTaxOf } from './receipt-tax.js';
import {
  BillingRepository,
  type AdminOrderFilter,
  type AdminOrderRow,
  type BalanceOwner,
  type BuyerRow,
  type MembershipOwner,
  type MembershipRow,
  type OrderRow,
} from './billing.repository.js';
import {
  adminOrderNotFound,
  itemNotFound,
  notReversible,
  orderNotFound,
  paymentRefused,
  paymentsUnavailable,
  providerFailed,
  teamBuyersOnly,
  teamRequired,
} from './payment-errors.js';
import { localCheckoutPage } from './local-checkout.page.js';
import type { LocalProvider } from './local.provider.js';
import type { ProviderFields, ProviderOrder } from './payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { answerSchema } from './provider-answer.js';

const PAGE_SIZE = 20;

/** Where a member reads their orders. */
const BILLING_PATH = '/billing';
/** The admin Payments tab's orders that need attention. */
const SHORTFALL_LINK = '/admin/payments?state=shortfall';

type ReversalState = 'refunded' | 'charged_back';

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
    private readonly levels: LevelBenefitsService,
    private readonly grants: MembershipGrants,
    private readonly notifications: NotificationsService,
    private readonly commissions: ReferralCommissionsService,
    private readonly audit: AdminAudit,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async catalog(): Promise<BillingCatalog> {
    const [packs, levels] = await Promise.all([this.repository.activePacks(), this.repository.activeLevels()]);
    return { packs, levels, free: this.freeBenefits(), buyingAvailable: this.providers.active !== null };
  }

  /** What a member without a membership gets: the site's surf settings, one credit a view, FREE_ACTIVE_CAMPAIGNS. */
  private freeBenefits(): LevelBenefits {
    return this.levels.free();
  }

  /**
   * Starts an order: for the member, or (`forTeam`) for the team the request acts for, which only
   * its owners and managers may buy for.
   */
  async checkout(userId: number, team: ActingTeam | null, { kind, id, forTeam }: CheckoutPayload): Promise<CheckoutAnswer> {
    if (forTeam) {
      if (!team) throw teamRequired();
      if (!teamRoleAllows(team.role, 'buy_for_team')) throw teamBuyersOnly();
    }
    const provider = this.providers.active;
    if (!provider) throw paymentsUnavailable();
    const item = kind === 'pack' ? await this.repository.activePack(id) : await this.repository.activeLevel(id);
    if (!item) throw itemNotFound();
    const row = await this.repository.createOrder({
      userId,
      teamId: forTeam ? team!.id : null,
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

  /** The customer's return to the receipt page: settles the order (once) and answers where to send them, its outcome page. */
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

  /** One of the member's own orders as its receipt prints it: with the buyer and the tax in its price. */
  async orderReceipt(userId: number, id: string): Promise<OrderReceipt> {
    const [order, buyer] = await Promise.all([this.order(userId, id), this.repository.buyerOf(userId)]);
    if (!buyer) throw orderNotFound();
    return {
      order,
      buyer: { name: buyer.first_name, email: buyer.email, ...billingDetailsOf(buyer) },
      tax: receiptTaxOf(order.amountMinor, this.config.salesTax),
    };
  }

  /** What the member has printed on their receipts as the buyer. */
  async billingDetails(userId: number): Promise<BillingDetails> {
    const buyer = await this.repository.buyerOf(userId);
    return buyer ? billingDetailsOf(buyer) : { company: null, address: null, vatId: null };
  }

  /** Stores the member's billing details; an empty field clears it. */
  async saveBillingDetails(userId: number, payload: BillingDetailsPayload): Promise<BillingDetails> {
    const details: BillingDetails = {
      company: payload.company || null,
      address: payload.address || null,
      vatId: payload.vatId || null,
    };
    await this.repository.setBillingDetails(userId, details);
    return details;
  }

  /** The member's own membership, and the current team's when the request acts for one. */
  async membership(userId: number, team: ActingTeam | null): Promise<MembershipAnswer> {
    const [mine, teams] = await Promise.all([
      this.repository.currentMembership(userId),
      team ? this.repository.currentTeamMembership(team.id) : undefined,
    ]);
    return { me: mine ? membershipOf(mine) : null, team: teams ? membershipOf(teams) : null };
  }

  /** The member's own order for the local test page, or a refusal. */
  private async localOrder(userId: number, orderId: string, token: string): Promise<{ row: OrderRow; local: LocalProvider }> {
    const local = this.providers.local;
    if (!local) throw new NotFoundException();
    const row = await this.repository.orderOf(userId, orderId);
    if (!row || row.provider !== 'local' || !local.isCheckoutToken(orderId, token)) throw orderNotFound();
    return { row, local };
  }

  /** The local test page of the member's own order (its HTML). */
  async localCheckoutPage(userId: number, orderId: string, token: string): Promise<string> {
    const { row } = await this.localOrder(userId, orderId, token);
    return localCheckoutPage(row, token);
  }

  /**
   * The local test page's decision: signs the answer as the provider would, sends the
   * background notification (not awaited, as a provider's arrives on its own), and answers the
   * receipt address the browser is sent to with the same signed answer.
   */
  async localDecision(userId: number, orderId: string, token: string, approve: boolean): Promise<Record<string, string>> {
    const { row, local } = await this.localOrder(userId, orderId, token);
    const answer = local.answer(providerOrderOf(row), approve);
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
    let granted: Advertiser[] = [];
    let commission: CommissionChange | null = null;
    const settled = await this.transactions.run(async (manager) => {
      const changed = await this.repository.settle(manager, row.id, { state, providerRef, providerText });
      if (!changed || changed.state !== 'paid') return changed;
      // The buyer's referrer earns on what the member paid for, even when it was bought for a team.
      commission = await this.commissions.earn(manager, changed.id);
      if (changed.kind === 'pack') {
        await this.ledger.move(manager, `purchase:${changed.provider}:${providerRef ?? changed.id}`, [
          changed.team_id === null
            ? { account: 'user', userId: changed.user_id, amount: changed.credits, kind: 'purchase' }
            : { account: 'team', teamId: changed.team_id, amount: changed.credits, kind: 'purchase' },
        ]);
      } else {
        const owner = { userId: changed.user_id, teamId: changed.team_id } as MembershipOwner;
        await this.repository.addMembership(manager, owner, changed.level_id!, changed.id);
        // The period's first month of credits, when it starts at once, in the same transaction.
        granted = await this.grants.grantOrder(manager, changed.id);
      }
      return changed;
    });
    if (!settled) return (await this.repository.order(row.id))!;
    this.realtime.sendToUser(settled.user_id, 'billing:order', [orderOf(settled)]);
    if (settled.state === 'paid' && settled.kind === 'pack') await this.pushBalance(settled);
    await this.grants.announce(granted);
    await this.commissions.announce(commission);
    return settled;
  }

  /** The balance an order's credits went to changed: the member's tabs, or the team's, show it at once. */
  private pushBalance(row: OrderRow): Promise<void> {
    return row.team_id === null ? this.liveData.pushCredits(row.user_id) : this.liveData.pushTeamCredits(row.team_id);
  }

  /** Every member's orders for admins, newest first; `shortfall` lists those needing attention. */
  async adminOrders(page: number, state: AdminOrderFilter): Promise<Paged<AdminOrder>> {
    const { rows, total } = await this.repository.adminPage(state, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return { items: rows.map(adminOrderOf), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  /**
   * An admin refunds a paid order: the provider gives the money back first (a refusal or no
   * answer changes nothing and says so), then the purchase is reversed. The order stays
   * row-locked through the provider's call, so a second refund at once waits and is refused
   * instead of asking the provider twice.
   */
  refund(adminId: number, orderId: string): Promise<AdminOrder> {
    return this.reverse(adminId, orderId, 'refunded', async (row) => {
      const provider = this.providers.byName(row.provider);
      try {
        if (!provider) throw new Error(`the ${row.provider} provider is not configured`);
        const result = await provider.refund(providerOrderOf(row), row.provider_ref ?? row.id);
        if (!result.refunded) throw new Error(`refused: ${result.providerText ?? 'no reason given'}`);
        return result.providerRef;
      } catch (error) {
        this.logger.warn(`refund of order ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw providerFailed();
      }
    });
  }

  /** An admin records the bank's chargeback of a paid order: the money is gone already, the purchase is reversed. */
  chargeback(adminId: number, orderId: string): Promise<AdminOrder> {
    return this.reverse(adminId, orderId, 'charged_back', () => Promise.resolve(null));
  }

  /**
   * Locks a paid order (anything else is refused), lets `giveBack` return the money (answering
   * the refund's reference), reverses the purchase, and then tells the buyer and, when credits
   * were already spent, every admin. The admin's action is audited in the same transaction.
   */
  private async reverse(
    adminId: number,
    orderId: string,
    state: ReversalState,
    giveBack: (row: OrderRow) => Promise<string | null>,
  ): Promise<AdminOrder> {
    const { order: reversed, commission } = await this.transactions.run(async (manager) => {
      const row = await this.repository.lockOrder(manager, orderId);
      if (!row) throw adminOrderNotFound();
      if (row.state !== 'paid') throw notReversible(row.state);
      const refundRef = await giveBack(row);
      const result = await this.reversePurchase(manager, row, state, refundRef);
      await this.audit.record(manager, {
        adminId,
        action: state === 'refunded' ? 'order_refunded' : 'order_charged_back',
        targetType: 'order',
        targetId: row.id,
        before: { state: row.state },
        after: { state, refundRef, shortfallCredits: result.order.shortfall_credits },
      });
      return result;
    });
    await this.commissions.announce(commission);
    this.realtime.sendToUser(reversed.user_id, 'billing:order', [orderOf(reversed)]);
    await this.pushBalance(reversed);
    await this.notifications.notify(reversed.user_id, {
      type: 'order_reversed',
      heading: state === 'refunded' ? 'Purchase refunded' : 'Purchase charged back',
      body:
        state === 'refunded'
          ? `Your order “${reversed.item_name}” was refunded; what it bought was taken back.`
          : `Your bank took back the payment for “${reversed.item_name}”; what it bought was taken back.`,
      link: BILLING_PATH,
    });
    if (reversed.shortfall_credits > 0) await this.tellAdminsOfShortfall(reversed);
    return adminOrderOf((await this.repository.adminOrder(orderId))!);
  }

  /**
   * Reverses a paid purchase in the caller's transaction: the order becomes refunded or
   * charged back; what it gave is taken back from the balance it went to — a pack's credits, or
   * the monthly credits a level's period granted, and the period ends — as many as the balance
   * still holds (a balance never goes below zero), the rest recorded as the order's shortfall.
   * The ledger key `reversal:<order id>` takes back once. The referrer's
   * commission on the order is taken back while it is still pending (answered, to be told after
   * the commit); a credited one is kept.
   */
  async reversePurchase(
    manager: EntityManager,
    order: OrderRow,
    state: ReversalState,
    refundRef: string | null = null,
  ): Promise<{ order: OrderRow; commission: CommissionChange | null }> {
    let given = order.credits;
    if (order.kind === 'level') {
      // The period ends first (its row locked), so no month of it is granted while the grants are counted.
      await this.repository.endMembershipOf(manager, order.id);
      given = await this.repository.grantedCreditsOf(manager, order.id);
    }
    const owner: BalanceOwner =
      order.team_id === null ? { account: 'user', userId: order.user_id } : { account: 'team', teamId: order.team_id };
    const balance = given > 0 ? await this.repository.lockBalance(manager, owner) : 0;
    const taken = Math.min(balance, given);
    const shortfallCredits = given - taken;
    if (taken > 0) {
      await this.ledger.move(manager, `reversal:${order.id}`, [
        owner.account === 'user'
          ? { account: 'user', userId: owner.userId, amount: -taken, kind: 'purchase_reversal' }
          : { account: 'team', teamId: owner.teamId, amount: -taken, kind: 'purchase_reversal' },
      ]);
    }
    const commission = await this.commissions.clawBack(manager, order.id);
    return { order: await this.repository.markReversed(manager, order.id, { state, refundRef, shortfallCredits }), commission };
  }

  private async tellAdminsOfShortfall(order: OrderRow): Promise<void> {
    const whose = order.team_name ? `the team “${order.team_name}”` : 'the member';
    for (const adminId of await this.repository.adminIds()) {
      await this.notifications.notify(adminId, {
        type: 'billing_shortfall',
        heading: 'A reversed purchase needs attention',
        body: `${order.shortfall_credits} credits of “${order.item_name}” (order ${order.id}) were already spent by ${whose} and could not be taken back.`,
        link: SHORTFALL_LINK,
      });
    }
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

function adminOrderOf(row: AdminOrderRow): AdminOrder {
  return { ...orderOf(row), userId: row.user_id, username: row.username };
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

function billingDetailsOf(buyer: BuyerRow): BillingDetails {
  return { company: buyer.billing_company, address: buyer.billing_address, vatId: buyer.billing_vat_id };
}
