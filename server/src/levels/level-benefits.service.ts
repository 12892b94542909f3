import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { LevelBenefits } from '@shared/billing/billing.js';
import type { EntityManager } from 'typeorm';
import type { Advertiser } from '../auth/advertiser.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';
import { LevelsRepository } from './levels.repository.js';

/** What would make a campaign run: resuming it, or giving it credits. */
export type Activation = 'resume' | 'assign';

export function activeCampaignsLimitError(owner: Advertiser, limit: number): AppError {
  const whose = owner.kind === 'team' ? 'The team’s membership level lets' : 'Your membership level lets';
  return new AppError(
    ErrorCode.ActiveCampaignsLimit,
    'Too many running campaigns',
    `${whose} ${limit} campaign${limit === 1 ? '' : 's'} run at once. Pause one first, or upgrade the level.`,
    { limit },
  );
}

/**
 * What a membership level gives an account (a member's own, or a team's), and without one the
 * free benefits: the site's surf settings, one credit a view, FREE_ACTIVE_CAMPAIGNS. The surf
 * bar reads a member's level in its SQL functions (server/src/surf/README.md).
 */
@Injectable()
export class LevelBenefitsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: LevelsRepository,
    private readonly website: WebsiteSettingsService,
  ) {}

  free(): LevelBenefits {
    const { timerSeconds, dailyEarningCap } = this.website.surfRules();
    return {
      creditsPerView: 1,
      surfTimerSeconds: timerSeconds,
      dailyCap: dailyEarningCap,
      activeCampaigns: this.config.levels.freeActiveCampaigns,
      monthlyCredits: 0,
    };
  }

  async of(manager: EntityManager, owner: Advertiser): Promise<LevelBenefits> {
    return (await this.repository.currentBenefits(manager, owner)) ?? this.free();
  }

  /**
   * Takes the account's activation lock for the caller's transaction; called before the
   * campaign's own row is locked, so every activation locks in the same order.
   */
  lockActivations(manager: EntityManager, owner: Advertiser): Promise<void> {
    return this.repository.lockActivations(manager, owner);
  }

  /**
   * Refuses (409 `active_campaigns_limit`, with the limit) a change that would make campaign
   * `pid` run while the account already runs as many as its level allows. A change that leaves
   * it as it was (resuming a campaign with no credits, giving credits to a paused or running
   * one) is never refused, nor is a campaign that is not the account's (the change itself answers
   * not found). The caller holds the activation lock (`lockActivations`).
   */
  async assertRoomFor(manager: EntityManager, owner: Advertiser, pid: number, activation: Activation): Promise<void> {
    const campaign = await this.repository.campaignState(manager, owner, pid);
    if (!campaign) return;
    const starts = activation === 'resume' ? campaign.paused && campaign.credits > 0 : !campaign.paused && campaign.credits === 0;
    if (!starts) return;
    const { activeCampaigns: limit } = await this.of(manager, owner);
    if ((await this.repository.activeCampaignsBesides(manager, owner, pid)) >= limit) {
      throw activeCampaignsLimitError(owner, limit);
    }
  }
}
