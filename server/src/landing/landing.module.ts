import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { LandingController } from './landing.controller.js';
import { LandingRepository } from './landing.repository.js';
import { LandingService } from './landing.service.js';

@Module({
  imports: [BillingModule],
  controllers: [LandingController],
  providers: [LandingService, LandingRepository],
})
export class LandingModule {}
