import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PATHS } from '@shared/routing/routes.js';
import type { CommissionsAnswer } from '@shared/referrals/commissions.js';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LedgerService } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ReferralCommissionsRepository, type CommissionChange } from './referral-commissions.repository.js';

/** How often due commissions are credited. */
export const COMMISSIONS_EVERY_MS = 10 * 60_000;
const PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60_000;

/**
 * What a referrer earns on the purchases of the members they referred: a share of what the
 * purchase bought (a pack's credits, a level's monthly credits), rounded down, held as pending
 * for the maturing days so a refund or chargeback in that time takes it back before it was ever
 * paid; then credited once, by the job or by whichever process gets to it first. A reversal
 * after that leaves it credited: only what has not matured is taken back.
 */
@Injectable()
export class ReferralCommissionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReferralCommissions');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ReferralCommissionsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly realtime: RealtimeService,
    private readonly liveData: LiveDataService,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.tick();
    this.timer = setInterval(() => {
      this.running = this.tick();
    }, COMMISSIONS_EVERY_MS);
    this.timer.unref();
  }

  /** Lets the run under way finish the commission it is crediting; the next run, anywhere, credits the rest. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * In the settlement's transaction of a paid order: the buyer's referrer, if any, earns a
   * pending commission (none when the share comes to no credit; one per order, so a replayed
   * settlement earns nothing more). Answers it, to be told once the transaction commits.
   */
  async earn(manager: EntityManager, orderId: string): Promise<CommissionChange | null> {
    const purchase = await this.repository.referredPurchase(manager, orderId);
    if (!purchase) return null;
    const { commissionPercent, commissionMaturingDays } = this.config.referrals;
    const credits = Math.floor((commissionPercent * purchase.credits) / 100);
    if (credits <= 0) return null;
    const maturesAt = new Date(Date.now() + commissionMaturingDays * DAY_MS);
    return (await this.repository.createPending(manager, orderId, { ...purchase, credits, maturesAt })) ?? null;
  }

  /** In a reversal's transaction: the order's commission, while still pending, is taken back. */
  async clawBack(manager: EntityManager, orderId: string): Promise<CommissionChange | null> {
    return (await this.repository.clawBack(manager, orderId)) ?? null;
  }

  /** Tells the referrer's tabs a commission changed (after the transaction that changed it commits). */
  async announce(change: CommissionChange | null): Promise<void> {
    if (!change) return;
    this.realtime.sendToUser(change.referrerId, 'referral:commission', [{ id: change.id, state: change.state }]);
    if (change.state === 'clawed_back') {
      await this.notifications.notify(change.referrerId, {
        type: 'referral_commission',
        heading: 'Referral commission taken back',
        body: `A purchase you had a pending commission on was refunded or charged back, so its ${change.credits} credits will not be paid.`,
        link: PATHS.referrals,
      });
    }
  }

  /**
   * Credits every pending commission due at `now`, each in a transaction of its own with its
   * ledger row (`commission:<id>`); answers how many this call credited. Rows another call is
   * crediting at the same moment are skipped by this one, so each is credited once. A process
   * shutting down stops after the commission under way.
   */
  async matureDue(now: Date = new Date()): Promise<number> {
    let credited = 0;
    while (!this.stopping) {
      const change = await this.transactions.run(async (manager) => {
        const due = await this.repository.lockNextDue(manager, now);
        if (!due) return null;
        await this.ledger.move(manager, `commission:${due.id}`, [
          { account: 'user', userId: due.referrerId, amount: due.credits, kind: 'referral_commission' },
        ]);
        await this.repository.markCredited(manager, due.id, now);
        return { ...due, state: 'credited' as const };
      });
      if (!change) return credited;
      credited += 1;
      await this.liveData.pushCredits(change.referrerId);
      this.realtime.sendToUser(change.referrerId, 'referral:commission', [{ id: change.id, state: change.state }]);
      await this.notifications.notify(change.referrerId, {
        type: 'referral_commission',
        heading: 'Referral commission credited',
        body: `${change.credits} credits from a purchase by a member you referred were added to your balance.`,
        link: PATHS.referrals,
      });
    }
    return credited;
  }

  /** The member's own commissions, newest first, with the totals of all of them. */
  async page(referrerId: number, page: number): Promise<CommissionsAnswer> {
    const [{ rows, total }, totals] = await Promise.all([
      this.repository.pageOf(referrerId, PAGE_SIZE, (page - 1) * PAGE_SIZE),
      this.repository.totalsOf(referrerId),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        credits: row.credits,
        state: row.state,
        maturesAt: row.matures_at.toISOString(),
        creditedAt: row.credited_at?.toISOString() ?? null,
        clawedBackAt: row.clawed_back_at?.toISOString() ?? null,
        createdAt: row.created_at.toISOString(),
        referredUsername: row.referred_username,
        itemName: row.item_name,
      })),
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
      totals,
      percent: this.config.referrals.commissionPercent,
    };
  }

  private async tick(): Promise<number> {
    try {
      return await this.matureDue();
    } catch (error) {
      // An unreachable database is reported by the calls that need it; the next run catches up.
      if (!isDatabaseUnavailable(error)) this.logger.error(`Crediting referral commissions failed: ${String(error)}`);
      return 0;
    }
  }
}
