import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { PostItem } from '@shared/campaigns/campaigns.js';
import { postTitleOf } from '@shared/campaigns/post-title.js';
import { viewsLeftToday } from '@shared/earnings/earnings.js';
import type { Ack, SocketRefusal } from '@shared/realtime/events.js';
import { challengeImagePath, type SurfClaim, type SurfClaimAnswer, type SurfNextAnswer } from '@shared/surf/surf.js';
import type { RiskEvidence, SurfEmptyReason, SurfTicketRefusal } from '@shared/surf/surf-outcomes.js';
import { teamRoleAllows } from '@shared/teams/teams.js';
import { LiveCampaignsService } from '../campaigns/live-campaigns.service.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { MemberEarningTerms } from '../credits/earning-terms.js';
import { AppMetrics } from '../metrics/app-metrics.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { TeamAccessService } from '../teams/team-access.service.js';
import { WebsiteSettingsService, type SurfRules } from '../website/website-settings.service.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { challengeAnswer, challengeCodes } from './challenge-codes.js';
import { ledgerRowsOfClaim } from './claim-ledger-rows.js';
import { ACCOUNTS_PER_ADDRESS, ANSWERS_KEPT, CHALLENGE_EXPIRES_MINUTES } from './risk-thresholds.js';
import { RotationVacuum } from './rotation-vacuum.service.js';
import { SurfRepository, type ClaimRow, type OfferRow, type SurfOfferParams } from './surf.repository.js';
import {
  campaignOutOfCredits,
  CHALLENGE_PROMPT,
  emptyText,
  NOT_CONNECTED,
  outcomeText,
  REFUSAL_TEXTS,
  riskAlert,
  SURF_HEADLINE_EMPTY,
  surfHeadline,
  teamCampaignOutOfCredits,
  tooEarlyText,
} from './surf-texts.js';

/**
 * The surf bar. The server picks every post, issues a view ticket bound to the member and to
 * one tab's connection, and credits the view only when that connection claims it after the
 * timer has run out on the server's clock, in one transaction with both ledger rows. A claim
 * may ask for the next post too: then crediting and issuing the next ticket are one transaction.
 * README.md in this folder maps where each rule lives.
 */
@Injectable()
export class SurfService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: SurfRepository,
    private readonly posts: PostsRepository,
    private readonly realtime: RealtimeService,
    private readonly notifications: NotificationsService,
    private readonly rotation: RotationVacuum,
    private readonly liveCampaigns: LiveCampaignsService,
    private readonly teams: TeamAccessService,
    private readonly website: WebsiteSettingsService,
    private readonly metrics: AppMetrics,
  ) {}

  async next(auth: AuthContext, connectionId: string | null): Promise<SurfNextAnswer> {
    const userId = auth.user.id;
    if (!connectionId || !(await this.realtime.connectionBelongsTo(connectionId, userId))) {
      throw new AppError(ErrorCode.NotConnected, NOT_CONNECTED.heading, NOT_CONNECTED.message);
    }
    const rules = this.website.surfRules();
    const offer = await this.repository.next(this.offerParams(rules, userId, connectionId, new Date(), challengeAnswer()));
    return this.offer(offer, connectionId, userId);
  }

  /**
   * Challenged tickets left open more than CHALLENGE_EXPIRES_MINUTES (a tab closed on a challenge)
   * are settled without credit, each counted as a wrong answer; admins hear of those it stopped.
   * Answers how many members' challenges expired.
   */
  async expireChallenges(): Promise<number> {
    const rules = this.website.surfRules();
    const expired = await this.repository.expireChallenges({
      now: new Date(),
      minutes: CHALLENGE_EXPIRES_MINUTES,
      answers_kept: ANSWERS_KEPT,
      wrong_codes_to_stop: rules.wrongCodesToStop,
      block_at: rules.blockAt,
    });
    for (const member of expired) if (member.blocked_now) await this.alertAdmins(member.user, member.evidence ?? []);
    return expired.length;
  }

  /** The member's terms of earning today, for their earnings summary: today's cap and earnings, credits a view earns, the review window. */
  async earningTerms(userId: number): Promise<MemberEarningTerms> {
    const rules = this.website.surfRules();
    // surf_terms reads what it needs of the offer's parameters: the same values as every step's.
    const terms = await this.repository.terms(this.offerParams(rules, userId, '', new Date(), null));
    return {
      capToday: terms.daily_cap,
      reviewMinutes: terms.review_minutes,
      earnedToday: terms.earned,
      creditsPerView: terms.credits_per_view,
    };
  }

  /**
   * Settles the Next click (surf_claim scores it, in the same transaction), or refuses it (the
   * ticket stays as it was). `endedConnection`: a connection of the same session that a restart
   * ended (RealtimeService.handedOver); an open ticket bound to it moves to `connectionId` first,
   * so the claim is checked as if the ticket had been issued here: once, on the server's clock.
   */
  async claim(
    userId: number,
    connectionId: string,
    claim: SurfClaim,
    endedConnection: string | null = null,
  ): Promise<Ack<SurfClaimAnswer, SurfTicketRefusal>> {
    if (endedConnection !== null) await this.repository.moveOpenTicket(claim.ticketId, userId, endedConnection, connectionId);
    const now = new Date();
    const rules = this.website.surfRules();
    const row = await this.repository.claim({
      ...this.offerParams(rules, userId, connectionId, now, claim.next ? challengeAnswer() : null),
      ticket: claim.ticketId,
      telemetry: claim.telemetry,
      code: claim.code ?? null,
      accounts_per_address: ACCOUNTS_PER_ADDRESS,
      next: claim.next === true,
    });
    if (row.refusal !== undefined) {
      this.metrics.surfClaimRefused(row.refusal);
      return { error: refused(row, now.getTime()) };
    }

    const { outcome } = row;
    // surf_claim has committed: the claim and its ledger rows are written.
    this.metrics.surfClaimSettled(outcome);
    this.metrics.ledgerRowsWritten(ledgerRowsOfClaim(outcome, row.earned));
    const cc = Number(row.cc);
    const answer: SurfClaimAnswer = {
      outcome,
      credited: outcome === 'credited' ? row.earned : 0,
      cc,
      message: outcomeText(outcome, row.daily_cap, row.earned),
      today: {
        earnedToday: row.earned_today,
        capToday: row.daily_cap,
        creditsPerView: row.credits_per_view,
        viewsLeftToday: viewsLeftToday(row.earned_today, row.daily_cap, row.credits_per_view),
      },
      ...(row.next ? { next: await this.offer(row.next, connectionId, userId) } : {}),
    };
    if (row.blocked_now) await this.alertAdmins(userId, row.evidence ?? []);
    if (outcome !== 'credited') return { data: answer };

    this.realtime.sendToUser(userId, 'live:data', [{ cc, live_time: Date.now() }]);
    this.liveCampaigns.viewPaid(row.owner_id!, row.campaign_empty);
    if (row.campaign_empty) await this.notifyCampaignEmpty(row.owner_id!, claim.ticketId);
    return { data: answer };
  }

  /**
   * A campaign spent its last credit: its writer hears of it, or, for a team's post, every
   * active member who may fund the team's campaigns (the writer may since have left the team).
   * Rare (once per emptied campaign), so the post's team is read here rather than by every claim.
   */
  private async notifyCampaignEmpty(writerId: number, ticketId: string): Promise<void> {
    const post = await this.repository.postOfTicket(ticketId);
    const title = postTitleOf(post?.text ?? null);
    const team = post?.teamId == null ? null : await this.teams.team(post.teamId);
    if (!team) {
      await this.notifications.notify(writerId, campaignOutOfCredits(title));
      return;
    }
    const funders = team.members.filter(
      (member) => member.status === 'active' && teamRoleAllows(member.role, 'manage_campaigns'),
    );
    const notice = teamCampaignOutOfCredits(team.name, title);
    await Promise.all(funders.map((member) => this.notifications.notify(member.uid, notice)));
  }

  /**
   * What surf_offer needs, for surf_next and for a claim that asks for the next post. The timer
   * and daily cap are the free ones (the site's): the SQL puts the member's own level's in their place.
   */
  private offerParams(
    rules: SurfRules,
    userId: number,
    connectionId: string,
    now: Date,
    challenge: string | null,
  ): SurfOfferParams {
    return {
      user: userId,
      connection: connectionId,
      timer: rules.timerSeconds,
      daily_cap: rules.dailyEarningCap,
      challenges: this.config.surf.challenges,
      challenge_at: rules.challengeAt,
      challenge,
      now,
      block_at: rules.blockAt,
      answers_kept: ANSWERS_KEPT,
      wrong_codes_to_stop: rules.wrongCodesToStop,
      newcomer_cap: rules.newcomerDailyCap,
      review_minutes: rules.earningsReviewMinutes,
    };
  }

  /**
   * surf_offer's answer as the surf bar reads it; tells other tabs whose ticket it replaced, and
   * admins when a skipped challenge stopped the member's earning.
   */
  private async offer(row: OfferRow, connectionId: string, userId: number): Promise<SurfNextAnswer> {
    for (const old of row.replaced ?? []) {
      if (old.connection !== connectionId) this.realtime.sendToRoom(old.connection, 'surf:replaced', [{ ticketId: old.id }]);
    }
    if (row.blocked_now) await this.alertAdmins(userId, row.evidence ?? []);
    if (row.empty !== undefined) return this.nothing(row, row.empty, row.next_ms ?? null);
    this.rotation.served();
    const { created_ms, ...fields } = row.post;
    const post: PostItem = this.posts.toPost({ ...fields, created_at: new Date(created_ms) });
    const codes = row.challenge ? challengeCodes(row.challenge) : null;
    return {
      data: {
        posts: [{ pid: post.pid, viewed: false }],
        timer: row.timer,
        m1: surfHeadline(row.credits_per_view),
        codes,
        // The answer itself never leaves the server as text: only its picture's path.
        challengeImage: codes ? challengeImagePath(row.ticket) : null,
        message: codes ? CHALLENGE_PROMPT : null,
      },
      ticket: { id: row.ticket, issuedAt: row.issued_ms },
      post,
      emptyReason: null,
      nextAt: null,
    };
  }

  private nothing(row: OfferRow, reason: SurfEmptyReason, nextMs: number | null): SurfNextAnswer {
    return {
      data: {
        posts: [],
        timer: row.timer,
        m1: SURF_HEADLINE_EMPTY,
        codes: null,
        challengeImage: null,
        message: emptyText(reason, row.daily_cap, nextMs !== null),
      },
      ticket: null,
      post: null,
      emptyReason: reason,
      nextAt: nextMs === null ? null : Number(nextMs),
    };
  }

  private async alertAdmins(userId: number, evidence: RiskEvidence[]): Promise<void> {
    const alert = riskAlert(userId, evidence);
    for (const adminId of await this.repository.adminIds()) await this.notifications.notify(adminId, alert);
  }
}

/** A refused claim as the tab reads it; too early: the seconds left on the server's countdown. */
function refused(row: Extract<ClaimRow, { refusal: SurfTicketRefusal }>, nowMs: number): SocketRefusal<SurfTicketRefusal> {
  if (row.refusal !== 'too_early') return { code: row.refusal, message: REFUSAL_TEXTS[row.refusal] };
  const elapsed = (nowMs - row.issued_ms) / 1000;
  const secondsLeft = Math.max(1, Math.ceil(row.timer - elapsed));
  return { code: row.refusal, message: tooEarlyText(secondsLeft), retryAfter: secondsLeft };
}
