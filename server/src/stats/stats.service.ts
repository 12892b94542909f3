import { Injectable } from '@nestjs/common';
import type {
  PostStats,
  StatsByCountry,
  StatsBySource,
  StatsCounts,
  StatsDay,
  StatsOverview,
  StatsQuery,
} from '@shared/stats/stats.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { StatsCache } from './stats-cache.js';
import { dayIn, liveRangeOf } from './stats-period.js';
import {
  addByDay,
  addCounts,
  countsOf,
  StatsRepository,
  ZERO,
  type FinishedStats,
  type LiveRange,
  type SeenViewed,
  type StatsPeriodDays,
} from './stats.repository.js';

const UNKNOWN_TIME_ZONE = new AppError(ErrorCode.Validation, 'Invalid tz', 'Unknown time zone.', { field: 'tz' });

function plus(a: Map<string, SeenViewed>, b: Map<string, SeenViewed>): Map<string, SeenViewed> {
  const sum = new Map<string, SeenViewed>();
  for (const [key, value] of [...a, ...b]) {
    const known = sum.get(key);
    sum.set(key, known ? { seen: known.seen + value.seen, viewed: known.viewed + value.viewed } : value);
  }
  return sum;
}

const counted = (value: SeenViewed): boolean => value.seen + value.viewed > 0;

const byMostViewed = (x: SeenViewed, y: SeenViewed): number => y.viewed - x.viewed || y.seen - x.seen;

/**
 * Detailed Stats of a member's own posts over the last 7, 30 or 90 days, with days ending at the
 * member's midnight. Another member's post reads as one that does not exist.
 *
 * Every answer is a post's finished days, kept in process memory (they no longer change), plus
 * its live days read from the rollups each time: today, and yesterday too until it has settled.
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly cache: StatsCache,
  ) {}

  async overview(userId: number, { days, tz }: StatsQuery): Promise<StatsOverview> {
    const now = Date.now();
    const period = await this.periodOf(days, tz, now);
    const live = liveRangeOf(period, now);
    const liveRows = await this.stats.memberPostsLive(userId, period, live);
    const pids = [...new Set(liveRows.map((row) => row.post_id))];
    const finished = await this.finishedOf(pids, tz, period, live);

    const daily = period.days.map(() => ZERO);
    const totals = new Map<number, StatsCounts>();
    for (const [index, pid] of pids.entries()) {
      const stats = finished[index]!;
      for (const [day, counts] of stats.daily.entries()) daily[day] = addCounts(daily[day]!, counts);
      totals.set(pid, stats.total);
    }
    addByDay(daily, liveRows);
    for (const row of liveRows) totals.set(row.post_id, addCounts(totals.get(row.post_id)!, countsOf(row)));

    const withCounts = [...totals].filter(([, total]) => Object.values(total).some((count) => count > 0));
    const texts = await this.stats.postTexts(withCounts.map(([pid]) => pid));
    const posts = withCounts
      .map(([pid, total]) => ({ pid, text: texts.get(pid) ?? '', totals: total }))
      .sort((x, y) => y.totals.viewed - x.totals.viewed || y.totals.seen - x.totals.seen || y.pid - x.pid);
    return { days, tz, totals: daily.reduce(addCounts, ZERO), daily: daysOf(period, daily), posts };
  }

  async post(userId: number, pid: number, { days, tz }: StatsQuery): Promise<PostStats> {
    const now = Date.now();
    const period = await this.periodOf(days, tz, now);
    const live = liveRangeOf(period, now);
    const today = await this.stats.postLive(userId, pid, period, live);
    if (!today) throw POST_NOT_FOUND;
    const [finished] = await this.finishedOf([pid], tz, period, live);

    const daily = period.days.map((_, index) => finished!.daily[index] ?? ZERO);
    addByDay(daily, today.daily);
    const sources: StatsBySource[] = [...plus(finished!.sources, today.sources)]
      .map(([source, sum]) => ({ source: source as StatsBySource['source'], seen: sum.seen, viewed: sum.viewed }))
      .filter(counted)
      .sort((x, y) => byMostViewed(x, y) || x.source.localeCompare(y.source));
    const countries: StatsByCountry[] = [...plus(finished!.countries, today.countries)]
      .filter(([, sum]) => counted(sum))
      .sort(([x, xs], [y, ys]) => byMostViewed(xs, ys) || (x < y ? -1 : x > y ? 1 : 0))
      .slice(0, 10)
      .map(([country, sum]) => ({ country: country === '' ? null : country, seen: sum.seen, viewed: sum.viewed }));
    return { pid, days, tz, totals: daily.reduce(addCounts, ZERO), daily: daysOf(period, daily), sources, countries };
  }

  /** The days of the period ending today in `tz`, read once per zone, length and local date. */
  private async periodOf(days: number, tz: string, now: number): Promise<StatsPeriodDays> {
    const today = dayIn(now, tz);
    const period = await this.cache.period(`${tz}|${days}|${today}`, () => this.stats.period(days, tz, today));
    if (!period) throw UNKNOWN_TIME_ZONE;
    return period;
  }

  /**
   * The posts' finished days, in the order of `pids`: from the cache, and those not there read in
   * one grouped query and kept. The key names the period's first and last finished days, so a
   * new day makes a new key.
   */
  private async finishedOf(pids: number[], tz: string, period: StatsPeriodDays, live: LiveRange): Promise<FinishedStats[]> {
    const keyOf = (pid: number) => `${pid}|${tz}|${period.days[0]}|${period.days[live.finishedDays - 1] ?? ''}|${live.utcDay}`;
    const kept = pids.map((pid) => this.cache.finishedOf(keyOf(pid)));
    const missing = pids.filter((_, index) => !kept[index]);
    if (missing.length === 0) return Promise.all(kept as Promise<FinishedStats>[]);
    const reading = this.stats.finished(missing, period, live);
    return Promise.all(
      pids.map(
        (pid, index) =>
          kept[index] ??
          this.cache.keepFinished(
            keyOf(pid),
            reading.then((byPost) => byPost.get(pid)!),
          ),
      ),
    );
  }
}

function daysOf(period: StatsPeriodDays, daily: StatsCounts[]): StatsDay[] {
  return period.days.map((day, index) => ({ day, ...daily[index]! }));
}
