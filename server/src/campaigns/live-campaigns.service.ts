import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PostsRepository } from '../posts/posts.repository.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { OwnerFlushes } from './owner-flushes.js';

/** An owner's tabs get their campaigns' figures at most this often, however many views are paid. */
export const CAMPAIGN_PUSH_INTERVAL_MS = 1000;

/**
 * Keeps every open tab of a campaign owner showing the campaigns' current figures (credits left,
 * views, last view, status). A paid view or a change the owner makes only marks the owner; the
 * owner's figures are read in one query and pushed to their room at most once a second (a busy
 * campaign costs one push a second, not one per view), and at once when a campaign runs out of
 * credits. surf_claim answers the campaign's owner but not the campaign, so a push carries all of
 * the owner's live campaigns. Each process coalesces the views it settles; the Redis adapter
 * carries a push to the owner's tabs on every process.
 */
@Injectable()
export class LiveCampaignsService implements OnModuleDestroy {
  private readonly logger = new Logger(LiveCampaignsService.name);
  private readonly flushes = new OwnerFlushes(
    CAMPAIGN_PUSH_INTERVAL_MS,
    (ownerId) => this.push(ownerId),
    (ownerId, error) =>
      this.logger.warn(`Campaign figures of user ${ownerId} not pushed: ${error instanceof Error ? error.message : error}`),
  );

  constructor(
    private readonly posts: PostsRepository,
    private readonly realtime: RealtimeService,
  ) {}

  /** A view of one of the owner's campaigns was paid; `campaignEmpty`: it spent the campaign's last credit. */
  viewPaid(ownerId: number, campaignEmpty: boolean): void {
    this.flushes.changed(ownerId, campaignEmpty);
  }

  /** The owner moved credits, paused, resumed or capped a campaign: their other tabs follow. */
  changed(ownerId: number): void {
    this.flushes.changed(ownerId);
  }

  onModuleDestroy(): void {
    this.flushes.close();
  }

  private async push(ownerId: number): Promise<void> {
    const campaigns = await this.posts.campaignCountersOf(ownerId);
    this.realtime.sendToUser(ownerId, 'campaigns:updated', [{ campaigns }]);
  }
}
