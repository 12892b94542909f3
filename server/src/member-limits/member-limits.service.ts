import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { MEMBER_LIMITS, type MemberLimitName } from './member-limits.js';
import { MemberLimitsRepository } from './member-limits.repository.js';

/** Refuses a member's write beyond its limit (MEMBER_LIMITS), saying when they may try again. */
@Injectable()
export class MemberLimits {
  constructor(private readonly windows: MemberLimitsRepository) {}

  /** Counts the action; throws `rate_limited` with `retryAfter` once the member is over the limit. */
  async take(userId: number, name: MemberLimitName): Promise<void> {
    const { max, windowSeconds } = MEMBER_LIMITS[name];
    const { count, secondsLeft } = await this.windows.count(userId, name, windowSeconds);
    if (count <= max) return;
    const minutes = Math.ceil(secondsLeft / 60);
    throw new AppError(
      ErrorCode.RateLimited,
      'Slow down',
      `You did this many times in a short while. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfter: secondsLeft },
    );
  }
}
