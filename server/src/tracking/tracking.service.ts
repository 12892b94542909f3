import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import {
  FEED_ACTIVITY_SCHEMAS,
  isFeedActivityName,
  trackingIdSchema,
  type FeedActivity,
  type VisitRecord,
  type VisitUpdate,
} from '@shared/tracking/tracking.js';
import { InvalidatingCache } from '../common/cache/invalidating-cache.js';
import { AppError } from '../common/errors/app-error.js';
import { PostAccessRepository, type PostAccess } from '../posts/post-access.repository.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { languageOf } from './tracking-dimensions.js';
import { utcDayOf } from './tracking-rows.js';
import { TrackingWriter } from './tracking-writer.js';
import { ViewerIds, type ViewerCookieChange, type ViewerCookieSent } from './viewer-ids.js';

/** How long whether a viewer may see a post is taken as read (see TrackingService.visiblePosts). */
const VISIBILITY_TTL_MS = 5_000;

/** Who made a tracking call, as the server knows it (never as the payload says). */
export interface Tracked extends ViewerCookieSent {
  /** The session's member; null for a visitor. */
  userId: number | null;
  /** The browser's own visitor cookie (z5vr), when it sent one. */
  visitorCookie: string | undefined;
  /** The call's Accept-Language header. */
  acceptLanguage: string | undefined;
}

/**
 * Turns tracking calls into buffered rows: the server's time and UTC day, the session's member,
 * the viewer id the server signed and the address (hashed when written). Page views and their
 * updates never wait for the database; feed activity reads the post it names first (one
 * primary-key lookup), so an event about a post the caller may not see is refused.
 */
@Injectable()
export class TrackingService {
  /**
   * Whether a viewer may see a post, for VISIBILITY_TTL_MS: a tab reports its views of the same
   * posts again and again, and reading them every time doubled the database's work per event.
   * It decides only whether an event counts, so a view in the seconds after the viewer lost sight
   * of the post (deleted, blocked, left its group) may still count; what the viewer may read is
   * checked on every read elsewhere. A post not visible is looked up every time.
   */
  private readonly visiblePosts = new InvalidatingCache<string, PostAccess>({ ttlMs: VISIBILITY_TTL_MS, maxEntries: 50_000 });

  constructor(
    private readonly writer: TrackingWriter,
    private readonly access: PostAccessRepository,
    private readonly viewerIds: ViewerIds,
  ) {}

  /** Buffers the page view; answers what its answer does with the viewer cookie (viewer-ids.ts). */
  record(visit: VisitRecord, by: Tracked): Promise<ViewerCookieChange> {
    const at = Date.now();
    this.writer.accept({
      kind: 'visit',
      day: utcDayOf(at),
      at,
      pageId: visit.pageID,
      visitId: visit.visitID,
      visitorId: visit.visitorID,
      userId: by.userId,
      url: visit.url,
      referrer: visit.referrer,
      windowWidth: visit.windowWidth,
      windowHeight: visit.windowHeight,
      screenWidth: visit.screenWidth,
      screenHeight: visit.screenHeight,
      clientTime: visit.t,
      address: by.address,
    });
    return this.viewerIds.cookieFor(by);
  }

  update(update: VisitUpdate): void {
    this.writer.accept({ kind: 'update', at: Date.now(), pageId: update.pageID, visitorId: update.visitorID });
  }

  /**
   * An unknown event name is 404 `not_found`; a payload its event's schema refuses, 400
   * `validation`; a post the caller may not see (or that does not exist), 404 `not_found` as
   * reading it would be.
   */
  async recordFeedActivity(eventName: string, payload: unknown, by: Tracked): Promise<void> {
    if (!isFeedActivityName(eventName)) {
      throw new AppError(ErrorCode.NotFound, 'Unknown event', 'There is no feed activity of that name.');
    }
    const activity: FeedActivity = FEED_ACTIVITY_SCHEMAS[eventName].parse(payload ?? {});
    const post = activity.obj === null ? null : await this.visiblePost(by.userId, activity.obj);
    if (activity.obj !== null && !post) throw POST_NOT_FOUND;
    const notes: Record<string, unknown> = activity.notes;
    const profile = notes.profile;
    const at = Date.now();
    this.writer.accept({
      kind: 'event',
      day: utcDayOf(at),
      at,
      name: eventName,
      postId: activity.obj,
      ownPost: post?.viewerOwns ?? false,
      userId: by.userId,
      visitorId: by.visitorCookie !== undefined && trackingIdSchema.safeParse(by.visitorCookie).success ? by.visitorCookie : null,
      viewerId: by.userId === null ? this.viewerIds.viewerOf(by) : null,
      place: activity.notes.place ?? null,
      level: typeof notes.seen === 'number' ? notes.seen : null,
      visitId: activity.notes.visit ?? null,
      pageId: activity.notes.page ?? null,
      language: languageOf(by.acceptLanguage),
      profileId: typeof profile === 'number' ? profile : null,
      notes,
      address: by.address,
    });
  }

  private visiblePost(userId: number | null, pid: number): Promise<PostAccess | null> {
    return this.visiblePosts.get(`${userId ?? ''}:${pid}`, () => this.access.visiblePost(userId, pid));
  }
}
