import { Global, Module } from '@nestjs/common';
import { FeedController } from './feed.controller.js';
import { FeedRepository } from './feed.repository.js';
import { FeedService } from './feed.service.js';
import { PostAccessRepository } from './post-access.repository.js';
import { PostRoomsService } from './post-rooms.service.js';

/** Feeds, who may see which post, and the live rooms of posts being viewed. */
@Global()
@Module({
  controllers: [FeedController],
  providers: [FeedService, FeedRepository, PostAccessRepository, PostRoomsService],
  exports: [PostAccessRepository, PostRoomsService],
})
export class FeedModule {}
