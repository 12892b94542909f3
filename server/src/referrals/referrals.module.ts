import { Module } from '@nestjs/common';
import { ReferralsController } from './referrals.controller.js';
import { ReferralsRepository } from './referrals.repository.js';
import { ReferralsService } from './referrals.service.js';

@Module({ controllers: [ReferralsController], providers: [ReferralsService, ReferralsRepository] })
export class ReferralsModule {}
