import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { rooms } from '@shared/realtime/events.js';
import type { Advertiser } from '../auth/advertiser.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { OwnerFlushes } from './owner-flushes.js';
import { PushTurns } from './push-turns.js';

/** An owner's tabs get their campaigns' figures at most this often, however many views are paid. */
export const CAMPAIGN_PUSH_INTERVAL_MS = 1000;

/**
 * Keeps every open tab of a campaign owner showing the campaigns' current figures (credits left,
 * views, last view, status). The owner is a member (their tabs acting for no team) or a team
 * (the tabs acting for it). A paid view or a change only marks the owner; the owner's figures are
 * read in one query and pushed to their room at most once a second (a busy campaign costs one
 * push a second, not one per view), and at once when a campaign runs out of credits or the
 * account changes something itself. surf_claim answers the campaign's writer but not the
 * campaign, so a paid view marks the writer, and the writer's push marks every team they wrote
 * live posts for. Each process coalesces the views it settles, and the processes take turns at
 * an owner's routine pushes (PushTurns): a process that finds the turn taken tries again at its
 * next second, so the figures after the last view are always pushed. The Redis adapter carries a
 * push to the owner's tabs on every process.
 *
 * An owner with no tab in their room on any process (RealtimeService.hasTabsIn) has nothing read
 * or pushed: their figures would reach nobody, and a tab opened later loads them afresh over HTTP.
 * A writer's paid views still mark the teams they wrote for, whose tabs may be open.
 */
@Injectable()
export class LiveCampaignsService implements OnModuleDestroy {
  private readonly logger = new Logger(LiveCampaignsService.name);
  private readonly members = new OwnerFlushes(
    CAMPAIGN_PUSH_INTERVAL_MS,
    (userId, urgent) => this.pushMember(userId, urgent),
    (userId, error) => this.logger.warn(`Campaign figures of user ${userId} not pushed: ${messageOf(error)}`),
  );
  private readonly teams = new OwnerFlushes(
    CAMPAIGN_PUSH_INTERVAL_MS,
    (teamId, urgent) => this.pushTeam(teamId, urgent),
    (teamId, error) => this.logger.warn(`Campaign figures of team ${teamId} not pushed: ${messageOf(error)}`),
  );
  /**
   * Writers with views paid since their last push, and whether one emptied a campaign: their push
   * marks the teams they wrote for (at once, after an emptied campaign).
   */
  private readonly paidWriters = new Map<number, boolean>();
  private stopped = false;

  constructor(
    private readonly posts: PostsRepository,
    private readonly realtime: RealtimeService,
    private readonly turns: PushTurns,
  ) {}

  /** A view of a campaign the member wrote was paid; `campaignEmpty`: it spent the campaign's last credit. */
  viewPaid(writerId: number, campaignEmpty: boolean): void {
    this.paidWriters.set(writerId, campaignEmpty || this.paidWriters.get(writerId) === true);
    this.members.changed(writerId, campaignEmpty);
  }

  /** The account moved credits, paused, resumed or capped a campaign: its other tabs follow at once. */
  changed(owner: Advertiser): void {
    if (owner.kind === 'team') this.teams.changed(owner.teamId, true);
    else this.members.changed(owner.userId, true);
  }

  /** Before the database closes: nothing more is pushed, and the reads under way end first. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.paidWriters.clear();
    await Promise.all([this.members.close(), this.teams.close()]);
  }

  private async pushMember(userId: number, urgent: boolean): Promise<void> {
    const room = rooms.ownAccount(userId);
    const watched = await this.realtime.hasTabsIn(room);
    if (!watched && !this.paidWriters.has(userId)) return;
    if (!(await this.myTurn(`member:${userId}`, urgent))) return this.members.changed(userId);
    const paid = this.paidWriters.get(userId);
    this.paidWriters.delete(userId);
    const [campaigns, teamIds] = await Promise.all([
      watched ? this.posts.campaignCountersOf({ kind: 'member', userId }) : null,
      paid === undefined ? [] : this.posts.teamsWrittenFor(userId),
    ]);
    // A flush that was reading when the app began to close pushes nothing: the connections it would use are closing.
    if (this.stopped) return;
    if (campaigns) this.realtime.sendToRoom(room, 'campaigns:updated', [{ campaigns }]);
    for (const teamId of teamIds) this.teams.changed(teamId, paid);
  }

  /** An urgent push is every process's to make; a routine one waits for the owner's turn. */
  private async myTurn(owner: string, urgent: boolean): Promise<boolean> {
    return urgent || (await this.turns.take(owner, CAMPAIGN_PUSH_INTERVAL_MS));
  }

  private async pushTeam(teamId: number, urgent: boolean): Promise<void> {
    if (!(await this.realtime.hasTabsIn(rooms.team(teamId)))) return;
    if (!(await this.myTurn(`team:${teamId}`, urgent))) return this.teams.changed(teamId);
    const campaigns = await this.posts.campaignCountersOf({ kind: 'team', teamId });
    if (this.stopped) return;
    this.realtime.sendToRoom(rooms.team(teamId), 'campaigns:updated', [{ campaigns }]);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
