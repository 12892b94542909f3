import { Injectable } from '@nestjs/common';
import type { CampaignItem, CampaignSettingsPayload } from '@shared/campaigns/campaigns.js';
import type { TeamCampaignChange } from '@shared/teams/teams.js';
import type { EntityManager } from 'typeorm';
import type { ActingTeam } from '../auth/acting-team.js';
import { campaignWriterOf, isOwnedBy, type Advertiser } from '../auth/advertiser.js';
import { LedgerService, type Movement } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { ledgerKeyOfRequest } from '../idempotency/request-keys.js';
import { LevelBenefitsService } from '../levels/level-benefits.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { TeamCampaignAudit } from '../posts/team-campaign-audit.js';
import { LiveCampaignsService } from './live-campaigns.service.js';

/**
 * The current account's campaigns (the member's own, or the team's while one is current, for its
 * owners and managers): moving credits between that account's balance and a post's campaign (each
 * move one transaction with its two ledger rows), pausing, resuming and the daily view cap. A
 * team's changes each write its audit row in the same transaction. A change that would make a
 * campaign run (resuming one with credits, giving credits to a running one with none) is refused
 * past the account's active campaigns limit (its membership level's, or the free one).
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly posts: PostsRepository,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
    private readonly liveCampaigns: LiveCampaignsService,
    private readonly teamAudit: TeamCampaignAudit,
    private readonly levels: LevelBenefitsService,
  ) {}

  assign(userId: number, team: ActingTeam | null, pid: number, amount: number): Promise<CampaignItem> {
    return this.moveCredits(userId, campaignWriterOf(userId, team), pid, amount);
  }

  withdraw(userId: number, team: ActingTeam | null, pid: number, amount: number): Promise<CampaignItem> {
    return this.moveCredits(userId, campaignWriterOf(userId, team), pid, -amount);
  }

  setPaused(userId: number, team: ActingTeam | null, pid: number, paused: boolean): Promise<CampaignItem> {
    const owner = campaignWriterOf(userId, team);
    return this.change(userId, owner, pid, paused ? 'paused' : 'resumed', {}, async (manager) => {
      if (!paused) {
        await this.levels.lockActivations(manager, owner);
        await this.levels.assertRoomFor(manager, owner, pid, 'resume');
      }
      return this.posts.setCampaignPaused(manager, owner, pid, paused);
    });
  }

  settings(userId: number, team: ActingTeam | null, pid: number, settings: CampaignSettingsPayload): Promise<CampaignItem> {
    const owner = campaignWriterOf(userId, team);
    const { dailyViewCap } = settings;
    return this.change(userId, owner, pid, 'daily_view_cap_set', { dailyViewCap }, (manager) =>
      this.posts.setCampaignDailyViewCap(manager, owner, pid, dailyViewCap),
    );
  }

  private async change(
    userId: number,
    owner: Advertiser,
    pid: number,
    what: TeamCampaignChange,
    details: { dailyViewCap?: number | null },
    update: (manager: EntityManager) => Promise<boolean>,
  ): Promise<CampaignItem> {
    await this.transactions.run(async (manager) => {
      if (!(await update(manager))) throw POST_NOT_FOUND;
      await this.teamAudit.record(manager, userId, owner, pid, what, details);
    });
    this.liveCampaigns.changed(owner);
    return (await this.posts.campaign(pid))!;
  }

  private async moveCredits(userId: number, owner: Advertiser, pid: number, toCampaign: number): Promise<CampaignItem> {
    const kind = toCampaign > 0 ? 'campaign_assign' : 'campaign_withdraw';
    const verb = toCampaign > 0 ? 'assign' : 'withdraw';
    const balance: Movement =
      owner.kind === 'team'
        ? { account: 'team', teamId: owner.teamId, amount: -toCampaign, kind, campaignId: pid }
        : { account: 'user', userId, amount: -toCampaign, kind, campaignId: pid };
    await this.transactions.run(async (manager) => {
      // The activation lock before the campaign's row, in the order resuming takes them.
      if (toCampaign > 0) await this.levels.lockActivations(manager, owner);
      const campaign = await this.posts.lockOwnedCampaign(manager, pid);
      if (!campaign || !isOwnedBy(owner, campaign)) throw POST_NOT_FOUND;
      if (toCampaign > 0) await this.levels.assertRoomFor(manager, owner, pid, 'assign');
      const moved = await this.ledger.move(manager, ledgerKeyOfRequest(`${verb}:${userId}:${pid}`), [
        balance,
        { account: 'campaign', campaignId: pid, amount: toCampaign, kind },
      ]);
      // The same request handled again (its key used already) moved nothing and is not recorded twice.
      if (moved) {
        await this.teamAudit.record(manager, userId, owner, pid, toCampaign > 0 ? 'credits_assigned' : 'credits_withdrawn', {
          amount: Math.abs(toCampaign),
        });
      }
    });
    await this.liveData.pushCreditsOf(owner);
    this.liveCampaigns.changed(owner);
    return (await this.posts.campaign(pid))!;
  }
}
