import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { PostItem } from '@shared/campaigns/campaigns.js';
import type { SurfClaim, SurfClaimAnswer, SurfNextAnswer } from '@shared/surf/surf.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { runPrepared } from '../database/prepared.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PostsRepository, type PostFields } from '../posts/posts.repository.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { BLOCK_AT, CHALLENGE_AT, RiskService } from './risk.service.js';
import { RotationVacuum } from './rotation-vacuum.service.js';

const M1 = 'View this post until the countdown ends, then press Next to earn 1 credit.';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CHALLENGE_CODES = 4;

/** A claim the server refuses; its message is what the member reads. */
export class SurfRefusal extends Error {
  constructor(
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The PL/pgSQL functions of migration SurfFunctions, each one round trip and one commit. */
const SURF_NEXT = {
  name: 'surf_next',
  text: 'SELECT surf_next($1::int, $2::text, $3::int, $4::int, $5::int, $6::text, $7::timestamptz) AS answer',
};
const SURF_CLAIM = {
  name: 'surf_claim',
  text: `SELECT surf_claim($1::int, $2::text, $3::uuid, $4::jsonb, $5::text, $6::int, $7::int, $8::int, $9::timestamptz,
                        $10::boolean, $11::int, $12::int, $13::text) AS answer`,
};

/** surf_offer's answer: a ticket with its post, or why there is none; and the tickets it replaced. */
interface OfferRow {
  refusal?: 'blocked' | 'daily_cap' | 'none';
  replaced: { id: string; connection: string }[] | null;
  ticket?: string;
  issued_ms?: number;
  timer?: number;
  challenge?: string | null;
  post?: Omit<PostFields, 'created_at'> & { created_ms: number };
}

type ClaimOutcome =
  | 'not_yours'
  | 'claimed'
  | 'replaced'
  | 'refused'
  | 'other_tab'
  | 'too_early'
  | 'wrong_code'
  | 'daily_cap'
  | 'out_of_credits'
  | 'paused'
  | 'views_cap'
  | 'credited';

/** surf_claim's answer. */
interface ClaimRow {
  outcome: ClaimOutcome;
  /** too_early: the ticket's start (server ms) and timer. */
  issued_ms?: number;
  timer?: number;
  cc?: number;
  campaign_empty?: boolean;
  owner_id?: number | null;
  blocked_now?: boolean;
  next?: OfferRow | null;
}

/** Refusals answered as { error }: the ticket stays as it was. */
const TICKET_REFUSALS: Partial<Record<ClaimOutcome, string>> = {
  not_yours: 'This view is not yours.',
  claimed: 'This view has already been counted.',
  replaced: 'You opened Earn Credits in another tab; this view moved there.',
  refused: 'This view cannot be counted any more.',
  other_tab: 'This view belongs to another tab or window. Please continue there.',
};

/**
 * The surf bar. The server picks every post, issues a view ticket bound to the member and to
 * one tab's connection, and credits the view only when that connection claims it after the
 * timer has run out on the server's clock — in one transaction with both ledger rows. A claim
 * may ask for the next post too: then crediting and issuing the next ticket are one transaction.
 * The SQL is in migration SurfFunctions (surf_next, surf_claim, surf_offer).
 */
@Injectable()
export class SurfService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsRepository,
    private readonly realtime: RealtimeService,
    private readonly notifications: NotificationsService,
    private readonly risk: RiskService,
    private readonly rotation: RotationVacuum,
  ) {}

  async next(auth: AuthContext, connectionId: string | null): Promise<SurfNextAnswer> {
    const userId = auth.user.id;
    if (!connectionId || !(await this.realtime.connectionBelongsTo(connectionId, userId))) {
      throw new AppError(
        ErrorCode.NotConnected,
        'Not connected',
        'Earn Credits needs a live connection. Please wait a moment or reload the page.',
      );
    }
    const { surf } = this.config;
    const challenge = challengeAnswer();
    // The server's own clock (that of live_time) starts and checks the countdown.
    const [{ answer }] = await runPrepared<{ answer: OfferRow }>(this.dataSource, SURF_NEXT, [
      userId,
      connectionId,
      surf.timerSeconds,
      surf.dailyEarningCap,
      CHALLENGE_AT,
      challenge,
      new Date(),
    ]);
    return this.offer(answer, connectionId);
  }

  async claim(userId: number, connectionId: string, claim: SurfClaim): Promise<SurfClaimAnswer> {
    const { surf } = this.config;
    // Scored against the earlier claims, before this one joins them.
    const riskDelta = await this.risk.delta(userId, claim.telemetry);
    const now = Date.now();
    const [{ answer: outcome }] = await runPrepared<{ answer: ClaimRow }>(this.dataSource, SURF_CLAIM, [
      userId,
      connectionId,
      claim.ticketId,
      JSON.stringify(claim.telemetry),
      claim.code ?? null,
      riskDelta,
      BLOCK_AT,
      surf.dailyEarningCap,
      new Date(now),
      claim.next === true,
      surf.timerSeconds,
      CHALLENGE_AT,
      claim.next ? challengeAnswer() : null,
    ]);

    const refusal = TICKET_REFUSALS[outcome.outcome];
    if (refusal) throw new SurfRefusal(refusal);
    if (outcome.outcome === 'too_early') {
      const elapsed = (now - outcome.issued_ms!) / 1000;
      const left = Math.max(1, Math.ceil(outcome.timer! - elapsed));
      throw new SurfRefusal(`Please wait until the countdown ends (${left} s left).`, left);
    }

    const cc = Number(outcome.cc);
    const next = outcome.next ? { next: this.offer(outcome.next, connectionId) } : {};
    if (outcome.outcome !== 'credited') return { credited: 0, cc, message: this.claimRefusal(outcome.outcome), ...next };

    this.risk.remember(userId, claim.telemetry);
    this.realtime.sendToUser(userId, 'live:data', [{ cc, live_time: Date.now() }]);
    if (outcome.campaign_empty) {
      await this.notifications.notify(outcome.owner_id!, {
        type: 'campaign_out_of_credits',
        heading: 'Campaign out of credits',
        body: 'One of your campaigns has used all its credits and stopped. Add credits to keep it running.',
        link: '/home/yourPosts',
      });
    }
    if (outcome.blocked_now) await this.alertAdmins(userId);
    return { credited: 1, cc, message: 'Credit earned!', ...next };
  }

  /** The texts of a claim refused for good (the ticket is closed without credit). */
  private claimRefusal(outcome: ClaimOutcome): string {
    switch (outcome) {
      case 'wrong_code':
        return 'That was not the code shown. No credit for this view; the next post is on its way.';
      case 'daily_cap':
        return this.dailyCapMessage();
      case 'paused':
        return 'Its owner paused this campaign just before your view counted. The next post is on its way.';
      case 'views_cap':
        return 'This campaign reached its views for today just before your view counted. The next post is on its way.';
      default:
        return 'This campaign ran out of credits just before your view counted. The next post is on its way.';
    }
  }

  /** surf_offer's answer as the surf bar reads it; tells other tabs whose ticket it replaced. */
  private offer(row: OfferRow, connectionId: string): SurfNextAnswer {
    for (const old of row.replaced ?? []) {
      if (old.connection !== connectionId) this.realtime.sendToRoom(old.connection, 'surf:replaced', [{ ticketId: old.id }]);
    }
    switch (row.refusal) {
      case 'blocked':
        return this.nothing(
          'Earning is paused on your account while we look at unusual activity. Please contact us if you think this is a mistake.',
        );
      case 'daily_cap':
        return this.nothing(this.dailyCapMessage());
      case 'none':
        return this.nothing('There are no posts for you to view right now. Please try again in a few minutes.');
    }
    this.rotation.served();
    const { created_ms, ...fields } = row.post!;
    const post: PostItem = this.posts.toPost({ ...fields, created_at: new Date(created_ms) });
    const challenge = row.challenge ? challengeCodes(row.challenge) : null;
    return {
      data: {
        posts: [{ pid: post.pid, viewed: false }],
        timer: row.timer!,
        m1: M1,
        codes: challenge,
        challenge: row.challenge ?? null,
        message: challenge ? 'To keep earning, pick the code shown before you press Next.' : null,
      },
      ticket: { id: row.ticket!, issuedAt: row.issued_ms! },
      post,
    };
  }

  private dailyCapMessage(): string {
    return `You reached today's limit of ${this.config.surf.dailyEarningCap} credited views. Come back tomorrow!`;
  }

  private nothing(message: string): SurfNextAnswer {
    return {
      data: { posts: [], timer: this.config.surf.timerSeconds, m1: M1, codes: null, challenge: null, message },
      ticket: null,
      post: null,
    };
  }

  private async alertAdmins(userId: number): Promise<void> {
    const admins: { id: number }[] = await this.dataSource.query(`SELECT id FROM users WHERE role = 'admin'`);
    for (const admin of admins) {
      await this.notifications.notify(admin.id, {
        type: 'risk_alert',
        heading: 'Earning stopped for a member',
        body: `Member #${userId} stopped earning after repeated signs of automated surfing. Please review the account.`,
        link: `/admin/users/${userId}`,
      });
    }
  }
}

/** The code a challenged ticket asks for; drawn for every ticket, used only when the member's score calls for it. */
function challengeAnswer(): string {
  return Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The codes shown: the answer among others, at a random place. */
function challengeCodes(answer: string): string[] {
  const others = new Set<string>();
  while (others.size < CHALLENGE_CODES - 1) {
    const code = challengeAnswer();
    if (code !== answer) others.add(code);
  }
  const codes = [...others];
  codes.splice(randomInt(CHALLENGE_CODES), 0, answer);
  return codes;
}
