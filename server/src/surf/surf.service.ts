import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { SurfClaim, SurfClaimAnswer, SurfData, SurfNextAnswer } from '@shared/surf/surf.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LedgerService } from '../credits/ledger.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { BLOCK_AT, CHALLENGE_AT, RiskService } from './risk.service.js';

const M1 = 'View this post until the countdown ends, then press Next to earn 1 credit.';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CHALLENGE_CODES = 4;

/** A claim the server refuses; its message is what the member reads. */
export class SurfRefusal extends Error {}

/**
 * Fair rotation: among campaigns that can pay and are not the viewer's, in the viewer's
 * languages, within their daily cap and not viewed by this viewer in the last 24 hours, the one
 * served longest ago. SKIP LOCKED lets concurrent viewers take different campaigns.
 */
const PICK_CAMPAIGN = `
  SELECT c.post_id FROM campaigns c JOIN posts p ON p.id = c.post_id
   WHERE c.credits > 0 AND NOT c.paused AND p.deleted_at IS NULL AND c.user_id <> $1
     AND (cardinality($2::text[]) = 0 OR p.language = ANY($2))
     AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
     AND NOT EXISTS (SELECT 1 FROM view_tickets t
                      WHERE t.viewer_id = $1 AND t.post_id = c.post_id AND t.status = 'claimed'
                        AND t.claimed_at > now() - interval '24 hours')
   ORDER BY c.last_served_at ASC
   LIMIT 1 FOR UPDATE OF c SKIP LOCKED`;

interface TicketRow {
  id: string;
  viewer_id: number;
  post_id: number;
  connection_id: string;
  timer_seconds: number;
  challenge_code: string | null;
  status: 'open' | 'claimed' | 'replaced' | 'refused';
  issued_at: Date;
  earned_today: number;
}

/**
 * The surf bar. The server picks every post, issues a view ticket bound to the member and to
 * one tab's connection, and credits the view only when that connection claims it after the
 * timer has run out on the server's clock — in one transaction with both ledger rows.
 */
@Injectable()
export class SurfService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsRepository,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
    private readonly realtime: RealtimeService,
    private readonly notifications: NotificationsService,
    private readonly risk: RiskService,
  ) {}

  async next(auth: AuthContext, connectionId: string | null): Promise<SurfNextAnswer> {
    const userId = auth.user.id;
    if (!connectionId || !(await this.realtime.connectionBelongsTo(connectionId, userId))) {
      throw new AppError(ErrorCode.Conflict, 'Not connected', 'Earn Credits needs a live connection. Please wait a moment or reload the page.');
    }
    const { answer, replaced } = await this.dataSource.transaction(async (manager) => {
      const [viewer] = await manager.query(
        `SELECT earning_blocked, risk_score, rotator_languages,
                CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned_today
           FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      // One open ticket per member: a new one replaces the old, wherever it was opened.
      const [replacedRows]: [{ id: string; connection_id: string }[]] = await manager.query(
        `UPDATE view_tickets SET status = 'replaced' WHERE viewer_id = $1 AND status = 'open' RETURNING id, connection_id`,
        [userId],
      );
      const refusal = viewer.earning_blocked
        ? 'Earning is paused on your account while we look at unusual activity. Please contact us if you think this is a mistake.'
        : viewer.earned_today >= this.config.surf.dailyEarningCap
          ? `You reached today's limit of ${this.config.surf.dailyEarningCap} credited views. Come back tomorrow!`
          : null;
      if (refusal) return { answer: this.nothing(refusal), replaced: replacedRows };
      const [pick] = await manager.query(PICK_CAMPAIGN, [userId, viewer.rotator_languages]);
      if (!pick) {
        return { answer: this.nothing('There are no posts for you to view right now. Please try again in a few minutes.'), replaced: replacedRows };
      }
      await manager.query(`UPDATE campaigns SET last_served_at = now() WHERE post_id = $1`, [pick.post_id]);
      const challenge = viewer.risk_score >= CHALLENGE_AT ? makeChallenge() : null;
      // The server's own clock (that of live_time) starts and checks the countdown.
      const issuedAt = new Date();
      const [ticket] = await manager.query(
        `INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, issued_at`,
        [userId, pick.post_id, connectionId, this.config.surf.timerSeconds, challenge?.answer ?? null, issuedAt],
      );
      const post = await this.posts.post(pick.post_id, manager);
      const data: SurfData = {
        posts: [{ pid: pick.post_id, viewed: false }],
        timer: this.config.surf.timerSeconds,
        m1: M1,
        codes: challenge?.codes ?? null,
        challenge: challenge?.answer ?? null,
        message: challenge ? 'To keep earning, pick the code shown before you press Next.' : null,
      };
      return { answer: { data, ticket: { id: ticket.id, issuedAt: ticket.issued_at.getTime() }, post }, replaced: replacedRows };
    });
    for (const old of replaced) {
      if (old.connection_id !== connectionId) this.realtime.sendToRoom(old.connection_id, 'surf:replaced', [{ ticketId: old.id }]);
    }
    return answer;
  }

  async claim(userId: number, connectionId: string, claim: SurfClaim): Promise<SurfClaimAnswer> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [ticket]: TicketRow[] = await manager.query(
        `SELECT t.id, t.viewer_id, t.post_id, t.connection_id, t.timer_seconds, t.challenge_code, t.status, t.issued_at,
                CASE WHEN u.earned_day = current_date THEN u.earned_today ELSE 0 END AS earned_today
           FROM view_tickets t JOIN users u ON u.id = t.viewer_id WHERE t.id = $1 FOR UPDATE OF t`,
        [claim.ticketId],
      );
      this.checkTicket(ticket, userId, connectionId);
      if (ticket.challenge_code && claim.code !== ticket.challenge_code) {
        await this.closeTicket(manager, ticket.id, 'refused', claim);
        return { refused: 'That was not the code shown. No credit for this view; the next post is on its way.' };
      }
      if (ticket.earned_today >= this.config.surf.dailyEarningCap) {
        await this.closeTicket(manager, ticket.id, 'refused', claim);
        return { refused: `You reached today's limit of ${this.config.surf.dailyEarningCap} credited views. Come back tomorrow!` };
      }
      const [campaign] = await manager.query(
        `SELECT credits, paused, user_id,
                daily_view_cap IS NOT NULL AND views_day = current_date AND views_today >= daily_view_cap AS cap_reached
           FROM campaigns WHERE post_id = $1 FOR UPDATE`,
        [ticket.post_id],
      );
      const campaignRefusal = !campaign || Number(campaign.credits) < 1
        ? 'This campaign ran out of credits just before your view counted. The next post is on its way.'
        : campaign.paused
          ? 'Its owner paused this campaign just before your view counted. The next post is on its way.'
          : campaign.cap_reached
            ? 'This campaign reached its views for today just before your view counted. The next post is on its way.'
            : null;
      if (campaignRefusal) {
        await this.closeTicket(manager, ticket.id, 'refused', claim);
        return { refused: campaignRefusal };
      }
      await this.ledger.move(manager, `view:${ticket.id}`, [
        { account: 'campaign', campaignId: ticket.post_id, amount: -1, kind: 'view_paid' },
        { account: 'user', userId, amount: 1, kind: 'view_earned', campaignId: ticket.post_id },
      ]);
      // Scored against the earlier claims, before this one joins them.
      const riskDelta = await this.risk.delta(manager, userId, claim.telemetry);
      await this.closeTicket(manager, ticket.id, 'claimed', claim);
      const [[viewer]] = await manager.query(
        `UPDATE users u SET risk_score = greatest(0, least(1000, u.risk_score + $2)),
                earning_blocked = u.earning_blocked OR u.risk_score + $2 >= $3,
                earned_today = CASE WHEN u.earned_day = current_date THEN u.earned_today + 1 ELSE 1 END,
                earned_day = current_date
           FROM users before WHERE u.id = $1 AND before.id = u.id
         RETURNING u.credits, u.earning_blocked AND NOT before.earning_blocked AS blocked_now`,
        [userId, riskDelta, BLOCK_AT],
      );
      const [[stats]] = await manager.query(
        `UPDATE campaigns SET views_total = views_total + 1,
                views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
                views_day = current_date, last_view_at = now()
          WHERE post_id = $1 RETURNING credits`,
        [ticket.post_id],
      );
      return {
        campaignEmpty: Number(stats.credits) === 0,
        ownerId: campaign.user_id as number,
        blockedNow: viewer.blocked_now as boolean,
        cc: Number(viewer.credits),
      };
    });

    if ('refused' in outcome) {
      const live = await this.liveData.forUser(userId);
      return { credited: 0, cc: live.cc ?? 0, message: outcome.refused! };
    }
    this.realtime.sendToUser(userId, 'live:data', [{ cc: outcome.cc, live_time: Date.now() }]);
    if (outcome.campaignEmpty) {
      await this.notifications.notify(outcome.ownerId, {
        type: 'campaign_out_of_credits',
        heading: 'Campaign out of credits',
        body: 'One of your campaigns has used all its credits and stopped. Add credits to keep it running.',
        link: '/home/yourPosts',
      });
    }
    if (outcome.blockedNow) await this.alertAdmins(userId);
    return { credited: 1, cc: outcome.cc, message: 'Credit earned!' };
  }

  private checkTicket(ticket: TicketRow | undefined, userId: number, connectionId: string): asserts ticket is TicketRow {
    if (!ticket || ticket.viewer_id !== userId) throw new SurfRefusal('This view is not yours.');
    if (ticket.status === 'claimed') throw new SurfRefusal('This view has already been counted.');
    if (ticket.status === 'replaced') throw new SurfRefusal('You opened Earn Credits in another tab; this view moved there.');
    if (ticket.status === 'refused') throw new SurfRefusal('This view cannot be counted any more.');
    if (ticket.connection_id !== connectionId) {
      throw new SurfRefusal('This view belongs to another tab or window. Please continue there.');
    }
    const elapsed = (Date.now() - ticket.issued_at.getTime()) / 1000;
    if (elapsed < ticket.timer_seconds) {
      const left = Math.max(1, Math.ceil(ticket.timer_seconds - elapsed));
      throw new SurfRefusal(`Please wait until the countdown ends (${left} s left).`);
    }
  }

  private async closeTicket(manager: EntityManager, id: string, status: 'claimed' | 'refused', claim: SurfClaim): Promise<void> {
    await manager.query(`UPDATE view_tickets SET status = $2, claimed_at = now(), telemetry = $3 WHERE id = $1`, [
      id,
      status,
      JSON.stringify(claim.telemetry),
    ]);
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

function makeChallenge(): { codes: string[]; answer: string } {
  const codes = new Set<string>();
  while (codes.size < CHALLENGE_CODES) {
    codes.add(Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''));
  }
  const list = [...codes];
  return { codes: list, answer: list[randomInt(list.length)] };
}
