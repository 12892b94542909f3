import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module.js';
import { EarningsReviewService } from './earnings-review.service.js';
import { EarningsRepository } from './earnings.repository.js';

/** The earnings review: the job that voids invalid views still in review (README.md in this folder). */
@Module({
  imports: [CampaignsModule],
  providers: [EarningsReviewService, EarningsRepository],
  exports: [EarningsReviewService],
})
export class EarningsReviewModule {}
