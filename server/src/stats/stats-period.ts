import { LRUCache } from 'lru-cache';
import type { StatsQuery } from '@shared/stats/stats-query.js';
import { addDays, daysIn } from '@shared/stats/stats-range.js';

/** The days of a period in the member's time zone (YYYY-MM-DD), the instant each began, and when the last one ends. */
export interface StatsPeriodDays {
  start: Date;
  end: Date;
  days: string[];
  starts: Date[];
}

/**
 * The part of a period read live on every request: its days from the `finishedDays`-th (0 for the
 * first), whose hours start at `from`, and for the daily rollups the UTC days from `utcDay`.
 */
export interface LiveRange {
  finishedDays: number;
  from: Date;
  utcDay: string;
}

/**
 * How long after a day ends it is taken as finished: by then the tracking writer has flushed its
 * buffer (seconds) and the credited recount (every 30 s, 5 minutes back) has counted its claims.
 */
export const SETTLE_MS = 10 * 60_000;

/** Formats by zone, bounded: the zone is the browser's, any spelling Intl accepts. */
const dayFormats = new LRUCache<string, Intl.DateTimeFormat>({ max: 1_000 });

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * Which days of the period are still live at `now`: those that have not ended, and one that ended
 * less than `SETTLE_MS` ago; for the daily rollups (kept by UTC day), the period's UTC days from
 * the one of `SETTLE_MS` ago. A period that ended long ago has none: its days are all finished.
 */
export function liveRangeOf(period: StatsPeriodDays, now: number): LiveRange {
  const ends = [...period.starts.slice(1), period.end];
  let finishedDays = 0;
  while (finishedDays < ends.length && now - ends[finishedDays]!.getTime() >= SETTLE_MS) finishedDays++;
  return {
    finishedDays,
    from: period.starts[finishedDays] ?? period.end,
    utcDay: new Date(now - SETTLE_MS).toISOString().slice(0, 10),
  };
}

/**
 * The UTC days the daily rollups (countries, languages, devices, referrers) are read for: those the
 * period's first and last instants fall on, both included. Those rollups know no hours, so a
 * member's day is approximated by the UTC days it touches.
 */
export function utcDaysOf(period: StatsPeriodDays): { first: string; last: string } {
  return {
    first: period.start.toISOString().slice(0, 10),
    last: new Date(period.end.getTime() - 1).toISOString().slice(0, 10),
  };
}

/** The local calendar days a query asks for: the first one and how many. */
export function requestedDays(query: StatsQuery, today: string): { first: string; count: number } {
  if ('from' in query) return { first: query.from, count: daysIn(query.from, query.to) };
  return { first: addDays(today, 1 - query.days), count: query.days };
}
