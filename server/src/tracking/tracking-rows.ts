import type { FeedActivityName } from '@shared/tracking/tracking.js';
import type { CountedMeasure } from './counted-measure.js';

/**
 * What the write buffer holds between a call and its batch: the validated payload plus what the
 * server knows of the call (its own time, the session's member, the address). The address is
 * kept in memory only; the batch writes its salted hash.
 */
export interface PendingVisit {
  kind: 'visit';
  /** The server's UTC day of the call, `YYYY-MM-DD`: the partition the row goes to. */
  day: string;
  /** The server's time of the call, in milliseconds. */
  at: number;
  pageId: string;
  visitId: string;
  visitorId: string;
  userId: number | null;
  url: string;
  referrer: string;
  windowWidth: number;
  windowHeight: number;
  screenWidth: number;
  screenHeight: number;
  /** The browser's clock, in seconds. */
  clientTime: number;
  address: string;
}

export interface PendingVisitUpdate {
  kind: 'update';
  at: number;
  pageId: string;
  visitorId: string;
}

export interface PendingEvent {
  kind: 'event';
  day: string;
  at: number;
  name: FeedActivityName;
  postId: number | null;
  /** The viewer wrote the post or is in the team it belongs to: their own events count nothing. */
  ownPost: boolean;
  userId: number | null;
  /** The browser's own visitor cookie (z5vr): stored for grouping, never counted by. */
  visitorId: string | null;
  /** The viewer id the server signed (viewer-ids.ts), when the call carried a valid one with consent. */
  viewerId: string | null;
  place: string | null;
  level: number | null;
  /** The visit and page view the browser named (notes.visit, notes.page): stored for grouping, never counted by. */
  visitId: string | null;
  pageId: string | null;
  /** The primary subtag of the call's Accept-Language, when it was a language. */
  language: string | null;
  /** The member whose profile a profile_view opened (notes.profile). */
  profileId: number | null;
  notes: Record<string, unknown>;
  address: string;
}

export type PendingRow = PendingVisit | PendingVisitUpdate | PendingEvent;

/** A page view's updates of one batch, applied as one: how many, and the latest time. */
export interface VisitTouch {
  pageId: string;
  visitorId: string;
  at: number;
  count: number;
}

/** One (post, hour, place) row of `post_stats_hourly`, as a batch adds to it. */
export interface HourlyRollup {
  postId: number;
  /** The hour's start, ISO 8601 in UTC. */
  hour: string;
  /** The screen the post was on; 'other' when the event did not say (as Detailed Stats names it). */
  place: string;
  seen: number;
  viewed: number;
  linkClicks: number;
  videoPlays: number;
  imageViews: number;
  /** Profiles opened from the post. */
  profileViews: number;
}

/** One (post, day, country) row of `post_stats_country_daily`, as a batch adds to it. */
export interface CountryRollup {
  postId: number;
  day: string;
  /** ISO 3166-1 alpha-2; '' when the address's country is unknown. */
  country: string;
  seen: number;
  viewed: number;
}

/**
 * A post's views of one day from one page view and language: what `post_stats_dimension_daily`
 * gets, once the page view (its device and referrer) is looked up.
 */
export interface PageViewViews {
  postId: number;
  day: string;
  pageId: string | null;
  language: string | null;
  seen: number;
  viewed: number;
}

/** One (member, hour) row of `profile_views_hourly`, as a batch adds to it. */
export interface ProfileRollup {
  userId: number;
  hour: string;
  views: number;
}

/** A batch's event with its address's country and the measures it counts for (tracking-counting.ts). */
export interface CountedEvent {
  event: PendingEvent;
  country: string | null;
  counted: ReadonlySet<CountedMeasure>;
}

const HOUR_MS = 3_600_000;

const DAY_MS = 86_400_000;
/** The day utcDayOf answered last: every call asks it, and it changes once a day. */
let lastDay = { from: 0, to: 0, day: '' };

/** `YYYY-MM-DD` of a time in UTC. */
export function utcDayOf(at: number): string {
  if (at < lastDay.from || at >= lastDay.to) {
    const from = Math.floor(at / DAY_MS) * DAY_MS;
    lastDay = { from, to: from + DAY_MS, day: new Date(from).toISOString().slice(0, 10) };
  }
  return lastDay.day;
}

/** The UTC day `days` days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Updates of the same page view (page and visitor) merged: one UPDATE row each. */
export function mergeTouches(updates: readonly PendingVisitUpdate[]): VisitTouch[] {
  const byView = new Map<string, VisitTouch>();
  for (const update of updates) {
    const key = `${update.pageId}\n${update.visitorId}`;
    const touch = byView.get(key);
    if (touch) {
      touch.count += 1;
      touch.at = Math.max(touch.at, update.at);
    } else {
      byView.set(key, { pageId: update.pageId, visitorId: update.visitorId, at: update.at, count: 1 });
    }
  }
  return [...byView.values()];
}

/**
 * What a batch of events adds to the rollups, summed in memory per (post, hour, place), per
 * (post, day, country), per (post, day, page view, language) and per (member, hour). Seen,
 * viewed, link clicks, video plays, image views and profile views count when the event counted
 * for its measure (once a day per viewer); other events and events without a post count nothing.
 */
export function rollUp(events: readonly CountedEvent[]): {
  hourly: HourlyRollup[];
  countries: CountryRollup[];
  pageViews: PageViewViews[];
  profiles: ProfileRollup[];
} {
  const hourly = new Map<string, HourlyRollup>();
  const countries = new Map<string, CountryRollup>();
  const pageViews = new Map<string, PageViewViews>();
  const profiles = new Map<string, ProfileRollup>();
  for (const { event, country, counted } of events) {
    const hour = new Date(Math.floor(event.at / HOUR_MS) * HOUR_MS).toISOString();
    if (event.profileId !== null && counted.has('profile')) {
      const profileKey = `${event.profileId}\n${hour}`;
      const profileRow = profiles.get(profileKey);
      if (profileRow) profileRow.views += 1;
      else profiles.set(profileKey, { userId: event.profileId, hour, views: 1 });
    }

    if (event.postId === null) continue;
    const seen = counted.has('seen') ? 1 : 0;
    const viewed = counted.has('viewed') ? 1 : 0;
    const linkClicks = counted.has('link_click') ? 1 : 0;
    const profileViews = counted.has('profile_open') ? 1 : 0;
    const videoPlays = counted.has('video_play') ? 1 : 0;
    const imageViews = counted.has('image_view') ? 1 : 0;
    if (seen + viewed + linkClicks + profileViews + videoPlays + imageViews === 0) continue;

    const place = event.place ?? 'other';
    const hourKey = `${event.postId}\n${hour}\n${place}`;
    const hourRow = hourly.get(hourKey);
    if (hourRow) {
      hourRow.seen += seen;
      hourRow.viewed += viewed;
      hourRow.linkClicks += linkClicks;
      hourRow.videoPlays += videoPlays;
      hourRow.imageViews += imageViews;
      hourRow.profileViews += profileViews;
    } else {
      hourly.set(hourKey, {
        postId: event.postId,
        hour,
        place,
        seen,
        viewed,
        linkClicks,
        videoPlays,
        imageViews,
        profileViews,
      });
    }

    if (seen + viewed === 0) continue;
    const countryKey = `${event.postId}\n${event.day}\n${country ?? ''}`;
    const countryRow = countries.get(countryKey);
    if (countryRow) {
      countryRow.seen += seen;
      countryRow.viewed += viewed;
    } else {
      countries.set(countryKey, { postId: event.postId, day: event.day, country: country ?? '', seen, viewed });
    }

    const pageKey = `${event.postId}\n${event.day}\n${event.pageId ?? ''}\n${event.language ?? ''}`;
    const pageRow = pageViews.get(pageKey);
    if (pageRow) {
      pageRow.seen += seen;
      pageRow.viewed += viewed;
    } else {
      pageViews.set(pageKey, {
        postId: event.postId,
        day: event.day,
        pageId: event.pageId,
        language: event.language,
        seen,
        viewed,
      });
    }
  }
  return {
    hourly: [...hourly.values()],
    countries: [...countries.values()],
    pageViews: [...pageViews.values()],
    profiles: [...profiles.values()],
  };
}
