import { Module } from '@nestjs/common';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { LiveCampaignsService } from './live-campaigns.service.js';
import { PushTurns } from './push-turns.js';

@Module({
  controllers: [CampaignsController],
  providers: [CampaignsService, LiveCampaignsService, PushTurns],
  exports: [LiveCampaignsService],
})
export class CampaignsModule {}
