import { Module } from '@nestjs/common';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { LiveCampaignsService } from './live-campaigns.service.js';

@Module({
  controllers: [CampaignsController],
  providers: [CampaignsService, LiveCampaignsService],
  exports: [LiveCampaignsService],
})
export class CampaignsModule {}
