import { Module } from '@nestjs/common';
import { CampaignsModule } from '../../campaigns/campaigns.module.js';
import { AdminFraudController } from './admin-fraud.controller.js';
import { AdminFraudRepository } from './admin-fraud.repository.js';
import { AdminFraudService } from './admin-fraud.service.js';

@Module({
  imports: [CampaignsModule],
  controllers: [AdminFraudController],
  providers: [AdminFraudService, AdminFraudRepository],
})
export class AdminFraudModule {}
