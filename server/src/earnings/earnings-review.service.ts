import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ReviewCategory, ReviewEvidence } from '@shared/admin/earnings-review.js';
import { FRAUD_EVIDENCE_SUMMARY_ENTRIES } from '@shared/admin/fraud.js';
import type { RiskEvidence, SurfRiskSignal } from '@shared/surf/surf-outcomes.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import { advertiserRoom, type Advertiser } from '../auth/advertiser.js';
import { LiveCampaignsService } from '../campaigns/live-campaigns.service.js';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LedgerService, type Movement } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { ownerOfPaidView, refundOfPaidView } from '../credits/paid-view.js';
import { EarningsRepository } from './earnings.repository.js';
import { noticeDue, voidNotice } from './review-notice.js';
import {
  FRESH_BURST_ACCOUNTS,
  FRESH_BURST_WINDOW_MINUTES,
  HUMAN_READING_MS,
  SHARED_ADDRESS_ACCOUNTS,
  SHARED_DEVICE_ACCOUNTS,
  SHARED_WINDOW_HOURS,
  TIMING_MIN_VIEWS,
  TIMING_VIEWS,
  timingSignatures,
  UNCOUNTED_ADDRESSES,
  verdictsOf,
  wrongAnswersVoid,
  type Verdict,
} from './review-rules.js';

/** What one member's void came to. */
export interface MemberVoid {
  userId: number;
  category: ReviewCategory;
  /** Views voided. */
  views: number;
  /** What those views had earned the member, still in review. */
  credits: number;
  /** Of it, what the member's balance still held and gave back (an admin's correction may have taken some). */
  takenFromMember: number;
  /** Credits back to the advertisers (their campaigns, or their balances for deleted posts). */
  advertiserCredits: number;
}

/** One review: whether this process had the turn, and the members whose views it voided. */
export interface ReviewRun {
  ran: boolean;
  voided: MemberVoid[];
}

/** A finding of one rule against one member. */
type Finding = { userId: number; evidence: ReviewEvidence };

/**
 * The earnings review: every EARNINGS_REVIEW_INTERVAL_SECONDS, on one process at a time (an
 * advisory lock held by the run's transaction; a process that finds it taken skips the round), it
 * judges the members with views still in review by the rules of `review-rules.ts` and voids each
 * invalid member's pending views: the advertisers get their credits back, the member's balance
 * loses what those views earned (never below zero), the member is told why and admins find the
 * evidence in the audit log and the fraud queue. Views that matured are never taken back: that is
 * an admin's refund (`AdminFraudService.refund`).
 */
@Injectable()
export class EarningsReviewService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EarningsReview');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReviewRun> | null = null;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: EarningsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly audit: AdminAudit,
    private readonly notifications: NotificationsService,
    private readonly liveData: LiveDataService,
    private readonly liveCampaigns: LiveCampaignsService,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.earningsReviewIntervalSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  /** Lets the member under way be voided to the end; the next run, anywhere, reviews the rest. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /**
   * Reviews now. A call while this process's run is under way waits for it and runs again, so
   * what was pending before the call has been judged when it returns (unless another process
   * holds the turn: `ran` false).
   */
  async reviewNow(): Promise<ReviewRun> {
    const previous = this.running?.catch(() => undefined) ?? Promise.resolve();
    const run = previous.then(() => this.review());
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private review(): Promise<ReviewRun> {
    return this.transactions.run(async (turn) => {
      if (!(await this.repository.takeTurn(turn))) return { ran: false, voided: [] };
      const voided: MemberVoid[] = [];
      for (const verdict of verdictsOf(await this.findings(turn))) {
        if (this.stopping) break;
        try {
          const done = await this.voidMember(verdict);
          if (done) voided.push(done);
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          // One member's failure (a deadlock with an admin's refund, say) leaves the others to be voided; the next run retries.
          this.logger.error(`Voiding the pending views of member ${verdict.userId} failed: ${String(error)}`);
        }
      }
      return { ran: true, voided };
    });
  }

  /** What every rule finds among the members with views in review. */
  private async findings(manager: EntityManager): Promise<Finding[]> {
    const members = await this.repository.pendingMembers(manager);
    if (members.length === 0) return [];
    const found: Finding[] = [];
    for (const member of await this.repository.stoppedMembers(manager, members)) {
      found.push({
        userId: member.userId,
        evidence: { category: 'stopped', riskScore: member.riskScore, signals: latestSignals(member.riskEvidence) },
      });
    }
    for (const member of await this.repository.membersWithWrongAnswers(manager, members)) {
      if (!wrongAnswersVoid(member.wrongCodes, member.recentAnswers)) continue;
      found.push({
        userId: member.userId,
        evidence: { category: 'wrong_answers', wrongCodes: member.wrongCodes, recentAnswers: member.recentAnswers },
      });
    }
    const hasty = new Map<number, { ticketId: string; latencyMs: number | null }[]>();
    for (const { userId, ...view } of await this.repository.hastyAnswers(manager, members, HUMAN_READING_MS)) {
      hasty.set(userId, [...(hasty.get(userId) ?? []), view]);
    }
    for (const [userId, views] of hasty) found.push({ userId, evidence: { category: 'inhuman_latency', views } });
    const devices = await this.repository.sharedDevices(manager, members, SHARED_WINDOW_HOURS, SHARED_DEVICE_ACCOUNTS);
    for (const { accounts } of devices) {
      for (const userId of accounts) {
        found.push({ userId, evidence: { category: 'shared_device', accounts: others(accounts, userId) } });
      }
    }
    const addresses = await this.repository.sharedAddresses(
      manager,
      members,
      SHARED_WINDOW_HOURS,
      SHARED_ADDRESS_ACCOUNTS,
      UNCOUNTED_ADDRESSES,
    );
    for (const { key, accounts } of addresses) {
      for (const userId of accounts) {
        found.push({ userId, evidence: { category: 'shared_address', address: key, accounts: others(accounts, userId) } });
      }
    }
    const bursts = await this.repository.accountBursts(
      manager,
      members,
      FRESH_BURST_WINDOW_MINUTES,
      FRESH_BURST_ACCOUNTS,
      UNCOUNTED_ADDRESSES,
    );
    for (const burst of bursts) {
      for (const userId of burst.accounts) {
        found.push({
          userId,
          evidence: {
            category: 'fresh_account_burst',
            by: burst.by,
            address: burst.by === 'address' ? burst.key : null,
            accounts: others(burst.accounts, userId),
            firstCreatedAt: burst.firstCreatedAt.toISOString(),
            lastCreatedAt: burst.lastCreatedAt.toISOString(),
          },
        });
      }
    }
    const profiles = await this.repository.timingProfiles(manager, members, TIMING_VIEWS, TIMING_MIN_VIEWS);
    for (const [userId, evidence] of timingSignatures(profiles)) found.push({ userId, evidence });
    return found;
  }

  /**
   * Voids the member's views still in review, in one transaction under their row lock (as
   * surf_claim takes it, so a claim or a spend of theirs waits): for each view, under the key
   * `void:<ticket>`, the campaign's credit back (`view_refunded`; the post's team or writer when
   * the post is deleted, as an admin's refund does) and what the view earned taken from the member
   * (`view_voided`, as much as their balance holds; under `void:<ticket>:viewer` when the refund
   * went to a writer's balance, a member's row too); the views marked voided with the category, the
   * member's trust counted again, the audit entry with the evidence. Then the balances and
   * campaigns pushed and the member told (once a day at most: `noticeDue`). Null when nothing was
   * pending any more.
   */
  private async voidMember(verdict: Verdict): Promise<MemberVoid | null> {
    const { userId, category } = verdict;
    const balances = new Map<string, Advertiser>();
    const campaignOwners = new Map<string, Advertiser>();
    const result = await this.transactions.run(async (manager) => {
      const member = await this.repository.lockMember(manager, userId);
      if (member === null) return null;
      const { credits, lastVoidAt } = member;
      const views = await this.repository.pendingViews(manager, userId);
      if (views.length === 0) return null;
      let held = credits;
      let takenFromMember = 0;
      let advertiserCredits = 0;
      for (const view of views) {
        const owner = ownerOfPaidView(view);
        const back = refundOfPaidView(view, 'view_refunded');
        const take = Math.min(view.earned, held);
        const voided: Movement[] =
          take > 0 ? [{ account: 'user', userId, amount: -take, kind: 'view_voided', campaignId: view.pid }] : [];
        const key = `void:${view.ticketId}`;
        if (back.account === 'user') {
          // A key holds one row per account: a deleted post's writer's refund and the member's row cannot share one.
          await this.ledger.move(manager, key, [back]);
          if (voided.length > 0) await this.ledger.move(manager, `${key}:viewer`, voided);
        } else {
          await this.ledger.move(manager, key, [back, ...voided]);
        }
        (view.postDeleted ? balances : campaignOwners).set(advertiserRoom(owner), owner);
        advertiserCredits += view.paid;
        held -= take;
        takenFromMember += take;
      }
      const pendingCredits = views.reduce((sum, view) => sum + view.earned, 0);
      await this.repository.markVoided(
        manager,
        userId,
        views.map((view) => view.ticketId),
        category,
      );
      await this.audit.record(manager, {
        adminId: null,
        action: 'earnings_voided',
        targetType: 'user',
        targetId: String(userId),
        before: { pendingViews: views.length, pendingCredits, memberCredits: credits },
        after: {
          category,
          evidence: verdict.evidence,
          alsoMatched: verdict.alsoMatched,
          voidedViews: views.length,
          advertiserCredits,
          takenFromMember,
          memberCredits: held,
        },
      });
      const done: MemberVoid = {
        userId,
        category,
        views: views.length,
        credits: pendingCredits,
        takenFromMember,
        advertiserCredits,
      };
      return { done, tell: noticeDue(lastVoidAt) };
    });
    if (!result) return null;
    const { done, tell } = result;
    await this.liveData.pushCredits(userId);
    for (const owner of balances.values()) await this.liveData.pushCreditsOf(owner);
    for (const owner of campaignOwners.values()) this.liveCampaigns.changed(owner);
    if (tell) await this.notifications.notify(userId, voidNotice(category, done.views, done.credits));
    return done;
  }

  private async tick(): Promise<void> {
    try {
      await this.reviewNow();
    } catch (error) {
      // An unreachable database is reported by the calls that need it; the next run catches up.
      if (!isDatabaseUnavailable(error)) this.logger.error(`The earnings review failed: ${String(error)}`);
    }
  }
}

/** The signals of the member's latest evidence entries, each once (as the fraud queue summarises them). */
function latestSignals(evidence: RiskEvidence[]): SurfRiskSignal[] {
  return [...new Set(evidence.slice(-FRAUD_EVIDENCE_SUMMARY_ENTRIES).flatMap((entry) => entry.signals))];
}

const others = (accounts: number[], userId: number) => accounts.filter((id) => id !== userId);
