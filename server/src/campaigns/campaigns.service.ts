import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { CampaignItem, CampaignSettingsPayload } from '@shared/campaigns/campaigns.js';
import { LedgerService } from '../credits/ledger.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { PostsRepository } from '../posts/posts.repository.js';

/**
 * A member's campaigns: moving credits between their balance and a post's campaign (each move
 * one transaction with its two ledger rows), pausing, resuming and the daily view cap.
 */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
  ) {}

  /** `requestKey` (the Idempotency-Key header) makes a retried request apply once. */
  assign(userId: number, pid: number, amount: number, requestKey: string | null): Promise<CampaignItem> {
    return this.moveCredits(userId, pid, amount, requestKey, 'assign');
  }

  withdraw(userId: number, pid: number, amount: number, requestKey: string | null): Promise<CampaignItem> {
    return this.moveCredits(userId, pid, -amount, requestKey, 'withdraw');
  }

  async setPaused(userId: number, pid: number, paused: boolean): Promise<CampaignItem> {
    return this.updateOwn(userId, pid, `paused = $3`, [paused]);
  }

  async settings(userId: number, pid: number, settings: CampaignSettingsPayload): Promise<CampaignItem> {
    return this.updateOwn(userId, pid, `daily_view_cap = $3`, [settings.dailyViewCap]);
  }

  private async moveCredits(
    userId: number,
    pid: number,
    toCampaign: number,
    requestKey: string | null,
    verb: string,
  ): Promise<CampaignItem> {
    const kind = toCampaign > 0 ? 'campaign_assign' : 'campaign_withdraw';
    await this.dataSource.transaction(async (manager) => {
      const campaign = await this.posts.lockOwnedCampaign(manager, pid);
      if (!campaign || campaign.userId !== userId) throw POST_NOT_FOUND;
      await this.ledger.move(manager, `${verb}:${userId}:${pid}:${requestKey ?? randomUUID()}`, [
        { account: 'user', userId, amount: -toCampaign, kind, campaignId: pid },
        { account: 'campaign', campaignId: pid, amount: toCampaign, kind },
      ]);
    });
    await this.liveData.pushCredits(userId);
    return (await this.posts.campaign(pid))!;
  }

  private async updateOwn(userId: number, pid: number, assignment: string, values: unknown[]): Promise<CampaignItem> {
    const [, changed] = await this.dataSource.query(
      `UPDATE campaigns c SET ${assignment} FROM posts p
        WHERE c.post_id = $1 AND c.user_id = $2 AND p.id = c.post_id AND p.deleted_at IS NULL`,
      [pid, userId, ...values],
    );
    if (changed === 0) throw POST_NOT_FOUND;
    return (await this.posts.campaign(pid))!;
  }
}
