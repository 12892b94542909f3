import { Global, Module } from '@nestjs/common';
import { LevelBenefitsService } from './level-benefits.service.js';
import { LevelsRepository } from './levels.repository.js';
import { MembershipGrants } from './membership-grants.service.js';

/** What a membership level does outside the surf bar: the active campaigns limit and the monthly grants. */
@Global()
@Module({
  providers: [LevelBenefitsService, LevelsRepository, MembershipGrants],
  exports: [LevelBenefitsService, MembershipGrants],
})
export class LevelsModule {}
