import { z } from 'zod';
import { text } from '../validation/text.js';
import type { TrackingPlace } from '../tracking/tracking.js';

/**
 * Detailed Stats: what happened to a member's posts, read from hourly rollups (never from raw
 * events), so a campaign with millions of views answers as fast as a new one.
 *
 * | call | method | → data |
 * |---|---|---|
 * | posts + '/:pid' `?days=&tz=` | GET | PostStats of one of the member's own posts |
 * | overview `?days=&tz=` | GET | StatsOverview: every post of the member, totals and by day |
 *
 * Another member's post answers 404, as a post that does not exist does.
 */
export const STATS_ENDPOINTS = {
  overview: '/data/stats/overview',
  posts: '/data/stats/posts',
} as const;

export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** An IANA time zone the runtime knows (the browser sends its own), so days end at the member's midnight. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const statsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((value): value is StatsPeriod => (STATS_PERIODS as readonly number[]).includes(value), 'Choose 7, 30 or 90 days.')
    .default(30),
  tz: text().max(64).refine(isTimeZone, 'Unknown time zone.').default('UTC'),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

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

export interface PostStats {
  pid: number;
  days: StatsPeriod;
  tz: string;
  totals: StatsCounts;
  daily: StatsDay[];
  sources: StatsBySource[];
  /** The ten countries with most views, most first. */
  countries: StatsByCountry[];
}

export interface StatsOverviewPost {
  pid: number;
  text: string;
  totals: StatsCounts;
}

export interface StatsOverview {
  days: StatsPeriod;
  tz: string;
  totals: StatsCounts;
  daily: StatsDay[];
  /** The member's posts with anything counted in the period, most viewed first. */
  posts: StatsOverviewPost[];
}
