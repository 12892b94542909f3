import { Global, Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module.js';
import { EarningTerms } from '../credits/earning-terms.js';
import { TagsModule } from '../tags/tags.module.js';
import { ChallengeExpiry } from './challenge-expiry.service.js';
import { ChallengeRepository } from './challenge.repository.js';
import { ChallengeService } from './challenge.service.js';
import { RotationVacuum } from './rotation-vacuum.service.js';
import { RotatorService } from './rotator.service.js';
import { SurfClaimHandler } from './surf-claim.handler.js';
import { SurfController } from './surf.controller.js';
import { SurfRepository } from './surf.repository.js';
import { SurfService } from './surf.service.js';

/**
 * Global for one binding only: the member's earnings summary (credits, below surf) asks
 * SurfService the member's terms of earning today as EarningTerms.
 */
@Global()
@Module({
  imports: [CampaignsModule, TagsModule],
  controllers: [SurfController],
  providers: [
    SurfService,
    SurfRepository,
    SurfClaimHandler,
    RotationVacuum,
    ChallengeExpiry,
    RotatorService,
    ChallengeService,
    ChallengeRepository,
    // Typed, so the build fails if SurfService stops answering what the summary asks.
    { provide: EarningTerms, useFactory: (surf: SurfService): EarningTerms => surf, inject: [SurfService] },
  ],
  exports: [EarningTerms],
})
export class SurfModule {}
