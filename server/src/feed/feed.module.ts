import { Module } from '@nestjs/common';
import { FeedController } from './feed.controller.js';
import { FeedRepository } from './feed.repository.js';
import { FeedService } from './feed.service.js';

/** Feeds: pages of posts with their first comments, and one post's entry by its address. */
@Module({
  controllers: [FeedController],
  providers: [FeedService, FeedRepository],
})
export class FeedModule {}
