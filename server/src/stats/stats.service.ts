import { Injectable } from '@nestjs/common';
import type { PostStats, StatsCounts, StatsDay, StatsOverview, StatsPeriodAnswer } from '@shared/stats/stats.js';
import type { StatsQuery } from '@shared/stats/stats-query.js';
import { postTitleOf } from '@shared/campaigns/post-title.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { advertiserOf } from '../auth/advertiser.js';
import { AppError } from '../common/errors/app-error.js';
import { InvalidTrafficRepository } from '../posts/invalid-traffic.repository.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { addBreakdowns, breakdownsAnswer, emptyBreakdowns } from './stats-breakdowns.js';
import { StatsCache } from './stats-cache.js';
import { dayIn, liveRangeOf, requestedDays, type LiveRange, type StatsPeriodDays } from './stats-period.js';
import { addByDay, addCounts, countsOf, StatsRepository, ZERO, type FinishedStats } from './stats.repository.js';

const UNKNOWN_TIME_ZONE = new AppError(ErrorCode.Validation, 'Invalid tz', 'Unknown time zone.', { field: 'tz' });
const RANGE_AFTER_TODAY = new AppError(ErrorCode.Validation, 'Invalid to', 'The range cannot end after today.', { field: 'to' });

/**
 * Detailed Stats of a member's own posts (or, while a team is current, the team's: any role reads
 * them) over the last 7, 30 or 90 days or a range of days, with
 * days ending at the member's midnight. Another account's post reads as one that does not exist.
 *
 * Every answer is a post's finished days, kept in process memory (they no longer change), plus
 * its live days read from the rollups each time: today, and yesterday too until it has settled.
 * The period's views refunded as invalid are read each time too: the earnings review voids a
 * view hours or days after it was credited, so a finished day's refunds still change.
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly cache: StatsCache,
    private readonly invalidTraffic: InvalidTrafficRepository,
  ) {}

  async overview(userId: number, team: ActingTeam | null, query: StatsQuery): Promise<StatsOverview> {
    const now = Date.now();
    const period = await this.periodOf(query, now);
    const live = liveRangeOf(period, now);
    const owner = advertiserOf(userId, team);
    // A team has no profile page: its overview counts no profile views.
    const [current, ownProfileViews, refunded] = await Promise.all([
      this.stats.accountPostsLive(owner, query.tz, period, live),
      team ? 0 : this.stats.ownProfileViews(userId, period.start, period.end),
      this.invalidTraffic.claimedBetween({ owner }, period.start, period.end),
    ]);
    const finished = await this.finishedOf(current.pids, query.tz, period, live);

    const daily = period.days.map(() => ZERO);
    const breakdowns = emptyBreakdowns();
    const totals = new Map<number, StatsCounts>();
    for (const [index, pid] of current.pids.entries()) {
      const stats = finished[index]!;
      for (const [day, counts] of stats.daily.entries()) daily[day] = addCounts(daily[day]!, counts);
      addBreakdowns(breakdowns, stats.breakdowns);
      totals.set(pid, stats.total);
    }
    addByDay(daily, current.daily);
    addBreakdowns(breakdowns, current.breakdowns);
    for (const row of current.daily) totals.set(row.post_id, addCounts(totals.get(row.post_id)!, countsOf(row)));

    const withCounts = [...totals].filter(([, total]) => Object.values(total).some((count) => count > 0));
    const texts = await this.stats.postTexts(withCounts.map(([pid]) => pid));
    const posts = withCounts
      .map(([pid, total]) => ({ pid, text: texts.get(pid) ?? '', totals: total }))
      .sort((x, y) => y.totals.viewed - x.totals.viewed || y.totals.seen - x.totals.seen || y.pid - x.pid);
    const totalsOfPeriod = daily.reduce(addCounts, ZERO);
    return {
      ...periodAnswer(period, query.tz),
      totals: totalsOfPeriod,
      daily: daysOf(period, daily),
      ...breakdownsAnswer(breakdowns),
      ownProfileViews,
      posts,
      invalid: { served: totalsOfPeriod.credited, ...refunded },
    };
  }

  async post(userId: number, team: ActingTeam | null, pid: number, query: StatsQuery): Promise<PostStats> {
    const now = Date.now();
    const period = await this.periodOf(query, now);
    const live = liveRangeOf(period, now);
    const [current, refunded, text] = await Promise.all([
      this.stats.postLive(advertiserOf(userId, team), pid, query.tz, period, live),
      this.invalidTraffic.claimedBetween({ pids: [pid] }, period.start, period.end),
      this.stats.postText(pid),
    ]);
    if (!current) throw POST_NOT_FOUND;
    const [finished] = await this.finishedOf([pid], query.tz, period, live);

    const daily = period.days.map((_, index) => finished!.daily[index] ?? ZERO);
    addByDay(daily, current.daily);
    const breakdowns = emptyBreakdowns();
    addBreakdowns(breakdowns, finished!.breakdowns);
    addBreakdowns(breakdowns, current.breakdowns);
    const totals = daily.reduce(addCounts, ZERO);
    return {
      pid,
      postTitle: postTitleOf(text),
      ...periodAnswer(period, query.tz),
      totals,
      daily: daysOf(period, daily),
      ...breakdownsAnswer(breakdowns),
      invalid: { served: totals.credited, ...refunded },
    };
  }

  /**
   * The days the query asks for in its zone, read once per zone, first day and length. A range may
   * not end after today in the member's zone (those days have nothing yet).
   */
  private async periodOf(query: StatsQuery, now: number): Promise<StatsPeriodDays> {
    const today = dayIn(now, query.tz);
    if ('to' in query && query.to > today) throw RANGE_AFTER_TODAY;
    const { first, count } = requestedDays(query, today);
    const period = await this.cache.period(`${query.tz}|${first}|${count}`, () => this.stats.period(first, count, query.tz));
    if (!period) throw UNKNOWN_TIME_ZONE;
    return period;
  }

  /**
   * The posts' finished days, in the order of `pids`: from the cache, and those not there read in
   * one grouped query and kept. The key names the period's first, last and last finished days and
   * the first live UTC day, so a new day makes a new key.
   */
  private async finishedOf(pids: number[], tz: string, period: StatsPeriodDays, live: LiveRange): Promise<FinishedStats[]> {
    const finishedLast = period.days[live.finishedDays - 1] ?? '';
    const keyOf = (pid: number) => `${pid}|${tz}|${period.days[0]}|${period.days.at(-1)}|${finishedLast}|${live.utcDay}`;
    const kept = pids.map((pid) => this.cache.finishedOf(keyOf(pid)));
    const missing = pids.filter((_, index) => !kept[index]);
    if (missing.length === 0) return Promise.all(kept as Promise<FinishedStats>[]);
    const reading = this.stats.finished(missing, tz, period, live);
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

function periodAnswer(period: StatsPeriodDays, tz: string): StatsPeriodAnswer {
  return { days: period.days.length, from: period.days[0]!, to: period.days.at(-1)!, tz };
}

function daysOf(period: StatsPeriodDays, daily: StatsCounts[]): StatsDay[] {
  return period.days.map((day, index) => ({ day, ...daily[index]! }));
}
