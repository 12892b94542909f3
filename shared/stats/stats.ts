import type { InvalidTraffic } from '../earnings/earnings.js';
import type { TrackingPlace } from '../tracking/tracking.js';

/**
 * Detailed Stats: what happened to a member's posts, read from hourly and daily rollups (never
 * from raw events), so a campaign with millions of views answers as fast as a new one.
 *
 * | call | method | → data |
 * |---|---|---|
 * | posts + '/:pid' `?days=&tz=` or `?from=&to=&tz=` | GET | PostStats of one of the member's own posts |
 * | overview, the same query | GET | StatsOverview: every post of the member, totals, by day, breakdowns |
 *
 * Another member's post answers 404, as a post that does not exist does. The query's schema is
 * in stats-query.ts, apart, so the client's first chunk does not carry the schema library.
 */
export const STATS_ENDPOINTS = {
  overview: '/data/stats/overview',
  posts: '/data/stats/posts',
} as const;

export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** What is counted for a post (or summed over posts) in a period. */
export interface StatsCounts {
  /** Shown at least partly on a screen (level 5). */
  seen: number;
  /** Fully on screen for two seconds in a visible tab (level 10). */
  viewed: number;
  /** Views in the surf bar the server credited (the campaign paid for them). */
  credited: number;
  linkClicks: number;
  videoPlays: number;
  imageViews: number;
  /** Times the author's profile was opened from the post. */
  profileViews: number;
  /** Comments written on the post in the period and not deleted since. */
  comments: number;
  /** Feels given to the post in the period and not taken back since. */
  feels: number;
}

export interface StatsDay extends StatsCounts {
  /** YYYY-MM-DD in the requested time zone; every day of the period is listed, empty ones with zeros. */
  day: string;
}

export interface StatsBySource {
  /** Where the post was on screen; 'other' when the page did not say. */
  source: TrackingPlace | 'other';
  seen: number;
  viewed: number;
}

export interface StatsByCountry {
  /** ISO 3166-1 alpha-2, or null when the address's country is unknown. */
  country: string | null;
  seen: number;
  viewed: number;
}

/** What views are broken down by, besides country (the ingest's `post_stats_dimension_daily.dimension`). */
export const STATS_DIMENSIONS = ['language', 'device', 'referrer'] as const;
export type StatsDimension = (typeof STATS_DIMENSIONS)[number];

/** How many values of a breakdown are listed, most viewed first. */
export const STATS_TOP_VALUES = 10;

export interface StatsByValue {
  /**
   * The browser's language (a BCP 47 tag), the screen's size bucket, or the referring site's host;
   * '' when unknown (for the referrer: none, the address was typed or bookmarked).
   */
  value: string;
  seen: number;
  viewed: number;
}

export interface StatsByHour {
  /** The hour of day in the requested time zone, 0 to 23; all 24 are listed, empty ones with zeros. */
  hour: number;
  seen: number;
  viewed: number;
  linkClicks: number;
}

/** A period's views broken down, for one post or summed over the member's posts. */
export interface StatsBreakdowns {
  /** By where the post was on screen, most viewed first. */
  sources: StatsBySource[];
  /** The ten countries with most views, most first. */
  countries: StatsByCountry[];
  hours: StatsByHour[];
  /** The ten values with most views of each dimension, most first. */
  languages: StatsByValue[];
  devices: StatsByValue[];
  referrers: StatsByValue[];
}

/** The days a period covers: `days` of them, `from` … `to` (YYYY-MM-DD in `tz`, both included). */
export interface StatsPeriodAnswer {
  days: number;
  from: string;
  to: string;
  tz: string;
}

export interface PostStats extends StatsPeriodAnswer, StatsBreakdowns {
  pid: number;
  /** The post's short label (`postTitleOf` in shared/campaigns/post-title.ts), for the page's title. */
  postTitle: string;
  totals: StatsCounts;
  daily: StatsDay[];
  /** The period's credited views and those of them the earnings review refunded as invalid. */
  invalid: InvalidTraffic;
}

export interface StatsOverviewPost {
  pid: number;
  text: string;
  totals: StatsCounts;
}

export interface StatsOverview extends StatsPeriodAnswer, StatsBreakdowns {
  totals: StatsCounts;
  daily: StatsDay[];
  /** Times the member's own profile page was opened in the period (from anywhere). */
  ownProfileViews: number;
  /** The member's posts with anything counted in the period, most viewed first. */
  posts: StatsOverviewPost[];
  /** The period's credited views of every post and those of them the earnings review refunded as invalid. */
  invalid: InvalidTraffic;
}
