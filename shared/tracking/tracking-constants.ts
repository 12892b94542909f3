/**
 * The tracking contract's plain values, apart from its zod schemas (tracking.ts), so the
 * browser's trackers, which every page loads, do not bring zod into the first download.
 */

/**
 * | call | method | payload |
 * |---|---|---|
 * | record | POST | VisitRecord: a page view begins |
 * | update | PUT | VisitUpdate: the page is still open (every 5 s while visible, once on leaving) |
 * | feedActivity + '/:eventName' | POST | FeedActivity: something happened to a post |
 */
export const TRACKING_ENDPOINTS = {
  record: '/data/z5-stats/record',
  update: '/data/z5-stats/update',
  feedActivity: '/data/feed/recordFeedActivity',
} as const;

/** The screens a post can be seen on; Detailed Stats splits views by them. */
export const TRACKING_PLACES = ['surf', 'feed', 'post', 'profile', 'group', 'tag', 'bookmarks'] as const;
export type TrackingPlace = (typeof TRACKING_PLACES)[number];

/** The key of the notes flag marking events from Earn Credits (`{product}=1`). */
export const PRODUCT_NOTE_KEY = 'surfex';

/** Level 5: partly on screen; level 10: fully on screen for POST_FULL_VIEW_MS in a visible tab. */
export const POST_VIEW_LEVELS = [5, 10] as const;
export type PostViewLevel = (typeof POST_VIEW_LEVELS)[number];

/** What a visit, visitor or page-view id looks like (random, URL-safe). */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * What Detailed Stats breaks a post's seen and viewed counts down by, besides country: the
 * browser's language (primary subtag of Accept-Language), the screen's size bucket and the host
 * the page view was referred from ('' when unknown for each).
 */
export const TRACKING_DIMENSIONS = ['language', 'device', 'referrer'] as const;
export type TrackingDimension = (typeof TRACKING_DIMENSIONS)[number];

/**
 * Screen-size buckets by the screen's width in CSS pixels: below 600 a phone, below 1024 a
 * tablet, else a desktop; a width of 0 (not reported) has no bucket ('').
 */
export const DEVICE_BUCKETS = ['phone', 'tablet', 'desktop'] as const;
export type DeviceBucket = (typeof DEVICE_BUCKETS)[number];
export const TABLET_MIN_SCREEN_WIDTH = 600;
export const DESKTOP_MIN_SCREEN_WIDTH = 1024;

/** Cookie names of the browser's visit and visitor ids. */
export const VISIT_COOKIE = 'z5v';
export const VISITOR_COOKIE = 'z5vr';
