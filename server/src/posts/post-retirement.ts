import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { rooms } from '@shared/realtime/events.js';
import type { EntityManager } from 'typeorm';
import { advertiserRoom, isOwnedBy, type Advertiser } from '../auth/advertiser.js';
import { LedgerService } from '../credits/ledger.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { RoomAccess } from '../realtime/room-access.js';
import { PostsRepository } from './posts.repository.js';

/**
 * Taking a live post down, in the caller's transaction: its campaign's unspent credits go back to
 * the account it spent from (the writer's own balance, or the team's for a team post; one ledger
 * movement) and the post is soft-deleted, its campaign paused. Its owner deleting it and its
 * group being deleted both end here.
 */
@Injectable()
export class PostRetirement {
  constructor(
    private readonly posts: PostsRepository,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
    private readonly realtime: RealtimeService,
    private readonly roomAccess: RoomAccess,
  ) {}

  /**
   * Answers the account the post belonged to, or null (nothing done) when the post is not live
   * or, with `owner`, is not that account's. The pushes are the caller's, after the commit
   * (`announce`).
   */
  async retire(manager: EntityManager, pid: number, owner?: Advertiser): Promise<Advertiser | null> {
    const campaign = await this.posts.lockOwnedCampaign(manager, pid);
    if (!campaign || (owner !== undefined && !isOwnedBy(owner, campaign))) return null;
    const refunded: Advertiser =
      campaign.teamId === null ? { kind: 'member', userId: campaign.userId } : { kind: 'team', teamId: campaign.teamId };
    if (campaign.credits > 0) {
      await this.ledger.move(manager, `delete:${pid}:${randomUUID()}`, [
        { account: 'campaign', campaignId: pid, amount: -campaign.credits, kind: 'campaign_withdraw' },
        refunded.kind === 'team'
          ? { account: 'team', teamId: refunded.teamId, amount: campaign.credits, kind: 'campaign_withdraw', campaignId: pid }
          : { account: 'user', userId: refunded.userId, amount: campaign.credits, kind: 'campaign_withdraw', campaignId: pid },
      ]);
    }
    await this.posts.markDeleted(manager, pid);
    return refunded;
  }

  /**
   * After the commit: the tabs viewing the posts leave their rooms (and are told), the owners'
   * open lists drop the posts, and each account's credit count takes its refund.
   */
  async announce(retired: readonly { pid: number; owner: Advertiser }[]): Promise<void> {
    await this.roomAccess.recheck({ rooms: retired.map(({ pid }) => rooms.post(pid)) });
    const owners = new Map<string, Advertiser>();
    for (const { pid, owner } of retired) {
      const room = advertiserRoom(owner);
      this.realtime.sendToRoom(room, 'posts:changed', [{ pid, item: null }]);
      owners.set(room, owner);
    }
    for (const owner of owners.values()) await this.liveData.pushCreditsOf(owner);
  }
}
