import { Global, Module } from '@nestjs/common';
import { InvalidTrafficRepository } from './invalid-traffic.repository.js';
import { PostAccessRepository } from './post-access.repository.js';
import { PostRetirement } from './post-retirement.js';
import { PostRoomsService } from './post-rooms.service.js';
import { PostsController } from './posts.controller.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService } from './posts.service.js';
import { TeamCampaignAudit } from './team-campaign-audit.js';

/**
 * Posts and their campaigns (with their views refunded as invalid), who may see which post, and
 * the live rooms of posts being viewed.
 */
@Global()
@Module({
  controllers: [PostsController],
  providers: [
    PostsService,
    PostsRepository,
    InvalidTrafficRepository,
    PostRetirement,
    TeamCampaignAudit,
    PostAccessRepository,
    PostRoomsService,
  ],
  exports: [PostsRepository, InvalidTrafficRepository, PostRetirement, TeamCampaignAudit, PostAccessRepository, PostRoomsService],
})
export class PostsModule {}
