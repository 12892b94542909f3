import { Global, Module } from '@nestjs/common';
import { ReferralCommissionsRepository } from './referral-commissions.repository.js';
import { ReferralCommissionsService } from './referral-commissions.service.js';
import { ReferralsController } from './referrals.controller.js';
import { ReferralsRepository } from './referrals.repository.js';
import { ReferralsService } from './referrals.service.js';

/** The members a user referred, and the commissions they earn on those members' purchases (billing earns and takes them back). */
@Global()
@Module({
  controllers: [ReferralsController],
  providers: [ReferralsService, ReferralsRepository, ReferralCommissionsService, ReferralCommissionsRepository],
  exports: [ReferralCommissionsService],
})
export class ReferralsModule {}
