import { z } from 'zod';
import { text } from '../validation/text.js';
import type { TrackingPlace } from '../tracking/tracking.js';
import { daysIn, isCalendarDay, MAX_RANGE_DAYS } from './stats-range.js';

/**
 * Detailed Stats: what happened to a member's posts, read from hourly and daily rollups (never
 * from raw events), so a campaign with millions of views answers as fast as a new one.
 *
 * | call | method | → data |
 * |---|---|---|
 * | posts + '/:pid' `?days=&tz=` or `?from=&to=&tz=` | GET | PostStats of one of the member's own posts |
 * | overview, the same query | GET | StatsOverview: every post of the member, totals, by day, breakdowns |
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

/** A calendar day of the member's zone, as `<input type=date>` gives it. */
const calendarDay = text({ error: 'Choose a day.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date as YYYY-MM-DD.', abort: true })
  .refine(isCalendarDay, 'No such day in the calendar.');

/**
 * A free range of days, both ends included, in the member's zone. That it does not end after
 * today is checked by the server, which knows today in the member's zone.
 */
export const statsRangeSchema = z.object({ from: calendarDay, to: calendarDay }).superRefine(({ from, to }, context) => {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return;
  const days = daysIn(from, to);
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes before the first.' });
  else if (days > MAX_RANGE_DAYS)
    context.addIssue({ code: 'custom', path: ['from'], message: `Choose at most ${MAX_RANGE_DAYS} days.` });
});
export type StatsRange = z.infer<typeof statsRangeSchema>;

/**
 * Either the last `days` days (7, 30 or 90, up to today) or the days `from` … `to`; neither
 * means the last 30 days.
 */
export const statsQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .refine((value): value is StatsPeriod => (STATS_PERIODS as readonly number[]).includes(value), 'Choose 7, 30 or 90 days.')
      .optional(),
    from: text().optional(),
    to: text().optional(),
    tz: text().max(64).refine(isTimeZone, 'Unknown time zone.').default('UTC'),
  })
  .superRefine((query, context) => {
    if (query.from === undefined && query.to === undefined) return;
    if (query.days !== undefined)
      context.addIssue({ code: 'custom', path: ['days'], message: 'Choose either a number of days or a range.' });
    const range = statsRangeSchema.safeParse({ from: query.from, to: query.to });
    if (!range.success) for (const issue of range.error.issues) context.addIssue({ ...issue, code: 'custom' });
  })
  .transform(({ days, from, to, tz }): StatsQuery =>
    from !== undefined && to !== undefined ? { from, to, tz } : { days: days ?? 30, tz },
  );
export type StatsQuery = { days: StatsPeriod; tz: string } | (StatsRange & { tz: string });

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
  totals: StatsCounts;
  daily: StatsDay[];
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
}
