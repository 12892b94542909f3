import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { LedgerService } from '../credits/ledger.service.js';
import { PostsRepository } from './posts.repository.js';

/**
 * Taking a live post down, in the caller's transaction: its campaign's unspent credits go back to
 * its owner (one ledger movement) and the post is soft-deleted, its campaign paused. Its owner
 * deleting it and its group being deleted both end here.
 */
@Injectable()
export class PostRetirement {
  constructor(
    private readonly posts: PostsRepository,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * Answers the owner's id, or null (nothing done) when the post is not live or, with `ownerId`,
   * is not theirs. The push of the owner's new balance is the caller's, after the commit.
   */
  async retire(manager: EntityManager, pid: number, ownerId?: number): Promise<number | null> {
    const campaign = await this.posts.lockOwnedCampaign(manager, pid);
    if (!campaign || (ownerId !== undefined && campaign.userId !== ownerId)) return null;
    if (campaign.credits > 0) {
      await this.ledger.move(manager, `delete:${pid}:${randomUUID()}`, [
        { account: 'campaign', campaignId: pid, amount: -campaign.credits, kind: 'campaign_withdraw' },
        { account: 'user', userId: campaign.userId, amount: campaign.credits, kind: 'campaign_withdraw', campaignId: pid },
      ]);
    }
    await this.posts.markDeleted(manager, pid);
    return campaign.userId;
  }
}
