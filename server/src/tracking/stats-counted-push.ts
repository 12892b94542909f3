import { Injectable } from '@nestjs/common';
import type { PostCountedNow } from '@shared/realtime/events.js';
import { advertiserRoom } from '../auth/advertiser.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { TrackingRepository } from './tracking.repository.js';
import type { HourlyRollup } from './tracking-rows.js';

/** What a batch's hourly rollups add to each post's live counts; posts it adds none of these to are left out. */
export function countedByPost(hourly: readonly HourlyRollup[]): PostCountedNow[] {
  const byPost = new Map<number, PostCountedNow>();
  for (const row of hourly) {
    if (row.seen + row.viewed + row.linkClicks + row.profileViews === 0) continue;
    const post = byPost.get(row.postId);
    if (post) {
      post.seen += row.seen;
      post.viewed += row.viewed;
      post.linkClicks += row.linkClicks;
      post.profileViews += row.profileViews;
    } else {
      byPost.set(row.postId, {
        pid: row.postId,
        seen: row.seen,
        viewed: row.viewed,
        linkClicks: row.linkClicks,
        profileViews: row.profileViews,
      });
    }
  }
  return [...byPost.values()];
}

/**
 * Tells post owners, live, what a committed batch added to their posts' counts: one
 * `stats:counted` per owner per batch, to the tabs that act for it (a member's acting for no
 * team, or every member's acting for the team a post belongs to). Posts nobody has get no push.
 */
@Injectable()
export class StatsCountedPush {
  constructor(
    private readonly tracking: TrackingRepository,
    private readonly realtime: RealtimeService,
  ) {}

  async push(hourly: readonly HourlyRollup[]): Promise<void> {
    const posts = countedByPost(hourly);
    if (posts.length === 0) return;
    const owners = await this.tracking.ownersOfPosts(posts.map((post) => post.pid));
    const byRoom = new Map<string, PostCountedNow[]>();
    for (const post of posts) {
      const owner = owners.get(post.pid);
      if (owner === undefined) continue;
      const room = advertiserRoom(owner);
      const own = byRoom.get(room);
      if (own) own.push(post);
      else byRoom.set(room, [post]);
    }
    for (const [room, own] of byRoom) this.realtime.sendToRoom(room, 'stats:counted', [{ posts: own }]);
  }
}
