import {
  STATS_DIMENSIONS,
  STATS_TOP_VALUES,
  type StatsBreakdowns,
  type StatsByCountry,
  type StatsByHour,
  type StatsBySource,
  type StatsByValue,
  type StatsDimension,
} from '@shared/stats/stats.js';

/** A sum of seen and viewed, by screen, country or dimension value. */
export interface SeenViewed {
  seen: number;
  viewed: number;
}

export type HourCounts = Omit<StatsByHour, 'hour'>;

/**
 * Full sums of a period's views, before the top ones are chosen: so a post's kept finished days
 * and its live days, or several posts, add up exactly. Keys are as the rollups keep them ('' for
 * an unknown country or value).
 */
export interface BreakdownSums {
  sources: Map<string, SeenViewed>;
  countries: Map<string, SeenViewed>;
  /** By hour of day in the member's zone, 0 to 23. */
  hours: HourCounts[];
  dimensions: Record<StatsDimension, Map<string, SeenViewed>>;
}

export function emptyBreakdowns(): BreakdownSums {
  return {
    sources: new Map(),
    countries: new Map(),
    hours: Array.from({ length: 24 }, () => ({ seen: 0, viewed: 0, linkClicks: 0 })),
    dimensions: { language: new Map(), device: new Map(), referrer: new Map() },
  };
}

export function addSeenViewed(into: Map<string, SeenViewed>, key: string, row: SeenViewed): void {
  const sum = into.get(key);
  if (sum) {
    sum.seen += row.seen;
    sum.viewed += row.viewed;
  } else into.set(key, { seen: row.seen, viewed: row.viewed });
}

/** Adds an hour of day's counts; an hour outside 0–23 (none the database gives) is ignored. */
export function addHour(into: BreakdownSums, hour: number, row: HourCounts): void {
  const sum = into.hours[hour];
  if (!sum) return;
  sum.seen += row.seen;
  sum.viewed += row.viewed;
  sum.linkClicks += row.linkClicks;
}

/** Adds `from` into `into`, which must be a fresh accumulator: `from` (perhaps kept in the cache) is left as it was. */
export function addBreakdowns(into: BreakdownSums, from: BreakdownSums): void {
  for (const [key, sum] of from.sources) addSeenViewed(into.sources, key, sum);
  for (const [key, sum] of from.countries) addSeenViewed(into.countries, key, sum);
  for (const [hour, sum] of from.hours.entries()) addHour(into, hour, sum);
  for (const dimension of STATS_DIMENSIONS)
    for (const [key, sum] of from.dimensions[dimension]) addSeenViewed(into.dimensions[dimension], key, sum);
}

const counted = ([, sum]: [string, SeenViewed]): boolean => sum.seen + sum.viewed > 0;

/** Most viewed first, then most seen, then by key, so equal figures always list in the same order. */
const byMostViewed = ([x, xs]: [string, SeenViewed], [y, ys]: [string, SeenViewed]): number =>
  ys.viewed - xs.viewed || ys.seen - xs.seen || (x < y ? -1 : x > y ? 1 : 0);

function ranked(sums: Map<string, SeenViewed>, top = Infinity): [string, SeenViewed][] {
  return [...sums].filter(counted).sort(byMostViewed).slice(0, top);
}

const topValues = (sums: Map<string, SeenViewed>): StatsByValue[] =>
  ranked(sums, STATS_TOP_VALUES).map(([value, sum]) => ({ value, seen: sum.seen, viewed: sum.viewed }));

/** The answer's breakdowns: every screen, the top ten of countries and of each dimension, all 24 hours. */
export function breakdownsAnswer(sums: BreakdownSums): StatsBreakdowns {
  return {
    sources: ranked(sums.sources).map(([source, sum]): StatsBySource => ({
      source: source as StatsBySource['source'],
      seen: sum.seen,
      viewed: sum.viewed,
    })),
    countries: ranked(sums.countries, STATS_TOP_VALUES).map(([country, sum]): StatsByCountry => ({
      country: country === '' ? null : country,
      seen: sum.seen,
      viewed: sum.viewed,
    })),
    hours: sums.hours.map((sum, hour) => ({ hour, ...sum })),
    languages: topValues(sums.dimensions.language),
    devices: topValues(sums.dimensions.device),
    referrers: topValues(sums.dimensions.referrer),
  };
}
