import { Injectable } from '@nestjs/common';
import type { PostStats, StatsCounts, StatsOverview, StatsQuery } from '@shared/stats/stats.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { addCounts, StatsRepository, ZERO, type StatsPeriodDays } from './stats.repository.js';

const UNKNOWN_TIME_ZONE = new AppError(ErrorCode.Validation, 'Invalid tz', 'Unknown time zone.', { field: 'tz' });

const totalOf = (days: StatsCounts[]): StatsCounts => days.reduce(addCounts, ZERO);

/**
 * Detailed Stats of a member's own posts over the last 7, 30 or 90 days, with days ending at the
 * member's midnight. Another member's post reads as one that does not exist.
 */
@Injectable()
export class StatsService {
  constructor(private readonly stats: StatsRepository) {}

  async overview(userId: number, { days, tz }: StatsQuery): Promise<StatsOverview> {
    const period = await this.periodOf(days, tz);
    const { daily, posts } = await this.stats.memberOverview(userId, period);
    return { days, tz, totals: totalOf(daily), daily, posts };
  }

  async post(userId: number, pid: number, { days, tz }: StatsQuery): Promise<PostStats> {
    if (!(await this.stats.isOwnPost(userId, pid))) throw POST_NOT_FOUND;
    const period = await this.periodOf(days, tz);
    const [{ daily, sources }, countries] = await Promise.all([
      this.stats.postBreakdown(pid, period),
      this.stats.postTopCountries(pid, period),
    ]);
    return { pid, days, tz, totals: totalOf(daily), daily, sources, countries };
  }

  private async periodOf(days: number, tz: string): Promise<StatsPeriodDays> {
    const period = await this.stats.period(days, tz);
    if (!period) throw UNKNOWN_TIME_ZONE;
    return period;
  }
}
