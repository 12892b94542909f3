import { z } from 'zod';
import { text } from '../validation/text.js';
import { PRODUCT_NOTE_KEY, TRACKING_ID_PATTERN, TRACKING_PLACES } from './tracking-constants.js';

export * from './tracking-constants.js';

/**
 * Tracking: visits (one row per page view) and feed-activity events, the raw material of
 * Detailed Stats. Every call (TRACKING_ENDPOINTS) answers at once with `data: null`; the server
 * buffers what it accepts and writes it in batches, so a call never waits for the database.
 */

/** Ids the browser makes for a visit, a visitor and a page view (random, URL-safe). */
export const trackingIdSchema = text().regex(TRACKING_ID_PATTERN, 'A tracking id is 8 to 64 letters, digits, _ or -.');

const pixels = z.number().int().min(0).max(100_000);
/** Seconds since 1970 by the browser's clock (kept as the browser said it; the server keeps its own time too). */
const epochSeconds = z.number().int().min(1_000_000_000).max(10_000_000_000);
const address = text().max(2000);

export const visitRecordSchema = z.object({
  url: address,
  visitID: trackingIdSchema,
  visitorID: trackingIdSchema,
  pageID: trackingIdSchema,
  windowHeight: pixels,
  windowWidth: pixels,
  screenWidth: pixels,
  screenHeight: pixels,
  t: epochSeconds,
  /** The member the browser believes is signed in; the server keeps the session's member instead. */
  uid: z.number().int().positive().nullable(),
  referrer: address,
});
export type VisitRecord = z.infer<typeof visitRecordSchema>;

export const visitUpdateSchema = z.object({
  visitID: trackingIdSchema,
  visitorID: trackingIdSchema,
  pageID: trackingIdSchema,
  t: epochSeconds,
});
export type VisitUpdate = z.infer<typeof visitUpdateSchema>;

/** What every event's notes carry, besides the event's own data. */
const commonNotes = {
  source: z.literal('website'),
  /** A referral id and a campaign marker, copied from the page address's query when present. */
  rid: text().max(100).optional(),
  utat: text().max(100).optional(),
  [PRODUCT_NOTE_KEY]: z.literal(1).optional(),
  place: z.enum(TRACKING_PLACES).optional(),
  /** The visit and the page view the event happened in: events group by them and a view is broken down by its page view; neither makes a view count again. */
  visit: trackingIdSchema.optional(),
  page: trackingIdSchema.optional(),
};
/** The notes every event may carry, besides its own. */
export type CommonNotes = z.infer<z.ZodObject<typeof commonNotes>>;

const postId = z.number().int().positive().max(2_147_483_647);

/** Each event's payload: obj is the post it concerns; a feed-wide event may name none. */
export const FEED_ACTIVITY_SCHEMAS = {
  post_link_click: z.object({ obj: postId, notes: z.object({ ...commonNotes, url: address, post: postId }) }),
  clickSeeMore: z.object({ obj: postId, notes: z.object(commonNotes) }),
  clickShowMoreComments: z.object({ obj: postId, notes: z.object(commonNotes) }),
  clickShowMorePosts: z.object({ obj: postId.nullable(), notes: z.object(commonNotes) }),
  playVideo: z.object({ obj: postId, notes: z.object(commonNotes) }),
  viewImage: z.object({ obj: postId, notes: z.object({ ...commonNotes, index: z.number().int().min(0).max(99) }) }),
  /** obj: the post the profile was opened from (the surf bar's popup), or none on a profile page; notes.profile the member's id. */
  profile_view: z.object({ obj: postId.nullable(), notes: z.object({ ...commonNotes, profile: postId }) }),
  /** time: how long the post had been on screen, in milliseconds, when the level was reached. */
  post_view: z.object({
    obj: postId,
    notes: z.object({
      ...commonNotes,
      seen: z.union([z.literal(5), z.literal(10)]),
      time: z.number().int().min(0).max(86_400_000),
    }),
  }),
} as const;

export type FeedActivityName = keyof typeof FEED_ACTIVITY_SCHEMAS;
export const FEED_ACTIVITY_NAMES = Object.keys(FEED_ACTIVITY_SCHEMAS) as FeedActivityName[];
export type FeedActivity<Name extends FeedActivityName = FeedActivityName> = z.infer<(typeof FEED_ACTIVITY_SCHEMAS)[Name]>;

export function isFeedActivityName(value: string): value is FeedActivityName {
  return Object.hasOwn(FEED_ACTIVITY_SCHEMAS, value);
}
