import { Injectable } from '@nestjs/common';
import { TRENDING, type TagAnswer, type TagsOverview, type TrendingTag } from '@shared/tags/tags.js';
import { InvalidatingCache } from '../common/cache/invalidating-cache.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { TagsRepository } from './tags.repository.js';

/** Trending tags are the same for every member: read at most once a minute per process. */
const TRENDING_TTL_MS = 60_000;

/** Following tags, and what /tags and /tags/:tag show. Tags arrive checked by the shared tagSchema. */
@Injectable()
export class TagsService {
  private readonly trendingCache = new InvalidatingCache<'trending', TrendingTag[]>({ ttlMs: TRENDING_TTL_MS, maxEntries: 1 });

  constructor(
    private readonly tags: TagsRepository,
    private readonly limits: MemberRateLimits,
  ) {}

  async overview(userId: number): Promise<TagsOverview> {
    const [followed, trending] = await Promise.all([
      this.tags.followedBy(userId),
      this.trendingCache.get('trending', () => this.tags.trending(TRENDING.days, TRENDING.tags)),
    ]);
    return { followed, trending: trending ?? [] };
  }

  async tag(userId: number, tag: string): Promise<TagAnswer> {
    const { following, followers, posts } = await this.tags.header(userId, tag, TRENDING.days);
    return { tag, following, followers, postsThisWeek: posts };
  }

  async follow(userId: number, tag: string): Promise<TagAnswer> {
    await this.limits.take('tagFollow', userId);
    await this.tags.follow(userId, tag);
    return this.tag(userId, tag);
  }

  async unfollow(userId: number, tag: string): Promise<TagAnswer> {
    await this.tags.unfollow(userId, tag);
    return this.tag(userId, tag);
  }
}
