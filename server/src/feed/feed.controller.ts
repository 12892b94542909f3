import { Controller, Get, Param, Query } from '@nestjs/common';
import { type FeedEntry, type FeedPage } from '@shared/feed/feed.js';
import { feedQuerySchema, type FeedQuery } from '@shared/feed/feed.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { FeedService } from './feed.service.js';

@Controller()
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  /** The home feed is the member's; a tag's, a group's or a member's feed anyone may read (what they may see of it). */
  @Get('feed')
  @Auth('optional')
  page(
    @CurrentAuth() auth: AuthContext | null,
    @Query(new ZodValidationPipe(feedQuerySchema)) query: FeedQuery,
  ): Promise<FeedPage> {
    return this.feed.page(auth?.user.id ?? null, query);
  }

  @Get('posts/:pid/entry')
  @Auth('optional')
  entry(@CurrentAuth() auth: AuthContext | null, @Param('pid', IdPipe) pid: number): Promise<FeedEntry> {
    return this.feed.entry(auth?.user.id ?? null, pid);
  }
}
