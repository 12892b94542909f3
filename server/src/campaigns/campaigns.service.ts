import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { CampaignItem, CampaignSettingsPayload } from '@shared/campaigns/campaigns.js';
import { LedgerService } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { LiveCampaignsService } from './live-campaigns.service.js';

/**
 * A member's campaigns: moving credits between their balance and a post's campaign (each move
 * one transaction with its two ledger rows), pausing, resuming and the daily view cap.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly posts: PostsRepository,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
    private readonly liveCampaigns: LiveCampaignsService,
  ) {}

  /** `requestKey` (the Idempotency-Key header) makes a retried request apply once. */
  assign(userId: number, pid: number, amount: number, requestKey: string | null): Promise<CampaignItem> {
    return this.moveCredits(userId, pid, amount, requestKey, 'assign');
  }

  withdraw(userId: number, pid: number, amount: number, requestKey: string | null): Promise<CampaignItem> {
    return this.moveCredits(userId, pid, -amount, requestKey, 'withdraw');
  }

  async setPaused(userId: number, pid: number, paused: boolean): Promise<CampaignItem> {
    if (!(await this.posts.setCampaignPaused(userId, pid, paused))) throw POST_NOT_FOUND;
    this.liveCampaigns.changed(userId);
    return (await this.posts.campaign(pid))!;
  }

  async settings(userId: number, pid: number, settings: CampaignSettingsPayload): Promise<CampaignItem> {
    if (!(await this.posts.setCampaignDailyViewCap(userId, pid, settings.dailyViewCap))) throw POST_NOT_FOUND;
    this.liveCampaigns.changed(userId);
    return (await this.posts.campaign(pid))!;
  }

  private async moveCredits(
    userId: number,
    pid: number,
    toCampaign: number,
    requestKey: string | null,
    verb: string,
  ): Promise<CampaignItem> {
    const kind = toCampaign > 0 ? 'campaign_assign' : 'campaign_withdraw';
    await this.transactions.run(async (manager) => {
      const campaign = await this.posts.lockOwnedCampaign(manager, pid);
      if (!campaign || campaign.userId !== userId) throw POST_NOT_FOUND;
      await this.ledger.move(manager, `${verb}:${userId}:${pid}:${requestKey ?? randomUUID()}`, [
        { account: 'user', userId, amount: -toCampaign, kind, campaignId: pid },
        { account: 'campaign', campaignId: pid, amount: toCampaign, kind },
      ]);
    });
    await this.liveData.pushCredits(userId);
    this.liveCampaigns.changed(userId);
    return (await this.posts.campaign(pid))!;
  }
}
