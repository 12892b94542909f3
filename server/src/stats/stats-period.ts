import { LRUCache } from 'lru-cache';
import type { LiveRange, StatsPeriodDays } from './stats.repository.js';

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
 * Which days of the period are still live at `now`: today, and yesterday as well until it ended
 * `SETTLE_MS` ago; for countries (kept by UTC day), the UTC day of `SETTLE_MS` ago and after.
 */
export function liveRangeOf(period: StatsPeriodDays, now: number): LiveRange {
  const last = period.starts.length - 1;
  const finishedDays = now - period.starts[last]!.getTime() >= SETTLE_MS ? last : last - 1;
  return {
    finishedDays,
    from: period.starts[finishedDays]!,
    utcDay: new Date(now - SETTLE_MS).toISOString().slice(0, 10),
  };
}
