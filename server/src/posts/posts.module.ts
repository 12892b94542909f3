import { Global, Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module.js';
import { PostRetirement } from './post-retirement.js';
import { PostsController } from './posts.controller.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService } from './posts.service.js';
import { TeamCampaignAudit } from './team-campaign-audit.js';

@Global()
@Module({
  imports: [GroupsModule],
  controllers: [PostsController],
  providers: [PostsService, PostsRepository, PostRetirement, TeamCampaignAudit],
  exports: [PostsRepository, PostRetirement, TeamCampaignAudit],
})
export class PostsModule {}
