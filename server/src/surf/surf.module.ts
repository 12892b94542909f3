import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module.js';
import { TagsModule } from '../tags/tags.module.js';
import { RotationVacuum } from './rotation-vacuum.service.js';
import { RotatorService } from './rotator.service.js';
import { SurfClaimHandler } from './surf-claim.handler.js';
import { SurfController } from './surf.controller.js';
import { SurfRepository } from './surf.repository.js';
import { SurfService } from './surf.service.js';

@Module({
  imports: [CampaignsModule, TagsModule],
  controllers: [SurfController],
  providers: [SurfService, SurfRepository, SurfClaimHandler, RotationVacuum, RotatorService],
})
export class SurfModule {}
