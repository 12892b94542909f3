import { Injectable } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  FRAUD_EVIDENCE_SUMMARY_ENTRIES,
  FRAUD_REFUND_DEFAULT_DAYS,
  type FraudQueueRow,
  type FraudRefundPayload,
  type FraudRefundResult,
} from '@shared/admin/fraud.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { SurfRiskSignal } from '@shared/surf/surf-outcomes.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';
import { advertiserRoom, type Advertiser } from '../../auth/advertiser.js';
import { LiveCampaignsService } from '../../campaigns/live-campaigns.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { LedgerService } from '../../credits/ledger.service.js';
import { Transactions } from '../../database/transactions.js';
import { LiveDataService } from '../../live-data/live-data.service.js';
import { ownerOfPaidView, refundOfPaidView } from '../../credits/paid-view.js';
import { AdminFraudRepository, type FraudQueueRecord } from './admin-fraud.repository.js';

const PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The fraud queue: members the surf anti-cheat scored or stopped, or whose views the earnings
 * review voided (with its evidence), highest risk first, and the refund of the advertisers who
 * paid for a member's credited views. Stopping and restoring earning are the Users section's own
 * calls.
 */
@Injectable()
export class AdminFraudService {
  constructor(
    private readonly fraud: AdminFraudRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly audit: AdminAudit,
    private readonly liveData: LiveDataService,
    private readonly liveCampaigns: LiveCampaignsService,
  ) {}

  async queue(page: number): Promise<Paged<FraudQueueRow>> {
    const { rows, total } = await this.fraud.queue(defaultSince(), PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return { items: rows.map(rowOf), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  /**
   * Refunds every credited view of the member since `since` (default: the last 7 days) not
   * refunded yet, in one transaction: each view's credit goes back to the campaign that paid it
   * (to the post's team or writer when the post is deleted, as deleting a post returns a
   * campaign's credits), and what the member earned for it (the view and any membership bonus)
   * is taken back, as much as their balance holds. What the member no longer holds is followed
   * into the teams they moved credits into since `since`: taken from those teams' balances, never
   * more than the member moved into a team (net of what they moved back out and of earlier
   * clawbacks from it), never below zero; what is still missing is the shortfall. Each view's rows
   * use the keys `fraud_refund:<ticket>` (advertiser side), `fraud_clawback:<ticket>` (member
   * side) and `fraud_clawback:<ticket>:team:<team id>`, and each refunded view is marked voided by
   * an admin, so a repeated refund finds nothing left to refund, the earnings review never voids
   * it again and what it earned leaves the member's credits in review. Views the review voided are
   * not refunded again.
   */
  async refund(adminId: number, userId: number, { since }: FraudRefundPayload): Promise<FraudRefundResult> {
    const from = since ? new Date(since) : defaultSince();
    const balances = new Map<string, Advertiser>();
    const campaignOwners = new Map<string, Advertiser>();
    const teamsTaken = new Set<number>();
    const result = await this.transactions.run(async (manager) => {
      // The teams are locked before the member, in the order a deposit locks them, so the two never wait on each other.
      const depositedInto = await this.fraud.teamsDepositedInto(manager, userId, from);
      const teams = await this.fraud.lockTeamsToFollow(manager, userId, depositedInto, from);
      const credits = await this.fraud.lockMemberCredits(manager, userId);
      if (credits === null) throw new AppError(ErrorCode.NotFound, 'Not found', 'There is no member with this id.');
      const views = await this.fraud.refundableViews(manager, userId, from);
      let held = credits;
      let advertiserCredits = 0;
      let taken = 0;
      let takenFromTeams = 0;
      let owed = 0;
      for (const view of views) {
        const owner = ownerOfPaidView(view);
        const back = refundOfPaidView(view, 'fraud_refund');
        await this.ledger.move(manager, `fraud_refund:${view.ticketId}`, [back]);
        (view.postDeleted ? balances : campaignOwners).set(advertiserRoom(owner), owner);
        advertiserCredits += view.paid;
        // The member's own balance may have just taken a refund (a deleted post of theirs).
        if (back.account === 'user' && back.userId === userId) held += view.paid;
        const take = Math.min(view.earned, held);
        if (take > 0) {
          await this.ledger.move(manager, `fraud_clawback:${view.ticketId}`, [
            { account: 'user', userId, amount: -take, kind: 'fraud_clawback', campaignId: view.pid },
          ]);
        }
        held -= take;
        taken += take;
        owed += view.earned;
        // What the member no longer holds follows the credits they moved into teams since.
        let rest = view.earned - take;
        for (const team of teams) {
          const fromTeam = Math.min(rest, team.followable, team.credits);
          if (fromTeam <= 0) continue;
          await this.ledger.move(manager, `fraud_clawback:${view.ticketId}:team:${team.teamId}`, [
            { account: 'team', teamId: team.teamId, amount: -fromTeam, kind: 'fraud_clawback', campaignId: view.pid },
          ]);
          team.followable -= fromTeam;
          team.credits -= fromTeam;
          rest -= fromTeam;
          takenFromTeams += fromTeam;
          teamsTaken.add(team.teamId);
        }
      }
      await this.fraud.markRefunded(
        manager,
        views.map((view) => view.ticketId),
      );
      const answer: FraudRefundResult = {
        since: from.toISOString(),
        views: views.length,
        advertiserCredits,
        takenFromMember: taken,
        takenFromTeams,
        shortfall: owed - taken - takenFromTeams,
        memberCredits: held,
      };
      await this.audit.record(manager, {
        adminId,
        action: 'fraud_refunded',
        targetType: 'user',
        targetId: String(userId),
        before: { refundableViews: views.length, refundableCredits: advertiserCredits, memberCredits: credits },
        after: {
          refundableViews: 0,
          refundableCredits: 0,
          memberCredits: held,
          since: answer.since,
          refundedViews: views.length,
          advertiserCredits,
          takenFromMember: taken,
          takenFromTeams,
          shortfall: answer.shortfall,
        },
      });
      return answer;
    });
    await this.liveData.pushCredits(userId);
    for (const owner of balances.values()) await this.liveData.pushCreditsOf(owner);
    for (const teamId of teamsTaken) await this.liveData.pushCreditsOf({ kind: 'team', teamId });
    for (const owner of campaignOwners.values()) this.liveCampaigns.changed(owner);
    return result;
  }
}

function defaultSince(): Date {
  return new Date(Date.now() - FRAUD_REFUND_DEFAULT_DAYS * DAY_MS);
}

function rowOf(record: FraudQueueRecord): FraudQueueRow {
  const latest = (record.risk_evidence ?? []).slice(-FRAUD_EVIDENCE_SUMMARY_ENTRIES);
  const signals = [...new Set(latest.flatMap((entry) => entry.signals))] as SurfRiskSignal[];
  return {
    id: record.id,
    username: record.username,
    riskScore: Number(record.risk_score),
    earning: !record.earning_blocked,
    signals,
    lastEvidenceAt: latest.at(-1)?.at ?? null,
    refundableViews: record.refundable_views,
    refundableCredits: Number(record.refundable_credits),
    reviewVoids: { views: record.review_views, byCategory: record.review_by_category },
    latestReviewVoid:
      record.latest_void && record.latest_void_at
        ? {
            at: record.latest_void_at.toISOString(),
            category: record.latest_void.category,
            views: record.latest_void.voidedViews,
            evidence: record.latest_void.evidence,
          }
        : null,
  };
}
