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
import { AppError } from '../common/errors/app-error.js';
import { languageOf } from './tracking-dimensions.js';
import { utcDayOf } from './tracking-rows.js';
import { TrackingWriter } from './tracking-writer.js';

/** Who made a tracking call, as the server knows it (never as the payload says). */
export interface Tracked {
  /** The session's member; null for a visitor. */
  userId: number | null;
  address: string;
  /** The browser's visitor cookie, when it sent a well-formed one. */
  visitorCookie: string | undefined;
  /** The call's Accept-Language header. */
  acceptLanguage: string | undefined;
}

/**
 * Turns tracking calls into buffered rows: the server's time and UTC day, the session's member
 * and the address (hashed when written). Nothing here waits for the database.
 */
@Injectable()
export class TrackingService {
  constructor(private readonly writer: TrackingWriter) {}

  record(visit: VisitRecord, by: Tracked): void {
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
  }

  update(update: VisitUpdate): void {
    this.writer.accept({ kind: 'update', at: Date.now(), pageId: update.pageID, visitorId: update.visitorID });
  }

  /** An unknown event name is 404 `not_found`; a payload its event's schema refuses, 400 `validation`. */
  recordFeedActivity(eventName: string, payload: unknown, by: Tracked): void {
    if (!isFeedActivityName(eventName)) {
      throw new AppError(ErrorCode.NotFound, 'Unknown event', 'There is no feed activity of that name.');
    }
    const activity: FeedActivity = FEED_ACTIVITY_SCHEMAS[eventName].parse(payload ?? {});
    const notes: Record<string, unknown> = activity.notes;
    const profile = notes.profile;
    const at = Date.now();
    this.writer.accept({
      kind: 'event',
      day: utcDayOf(at),
      at,
      name: eventName,
      postId: activity.obj,
      userId: by.userId,
      visitorId: by.visitorCookie !== undefined && trackingIdSchema.safeParse(by.visitorCookie).success ? by.visitorCookie : null,
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
}
