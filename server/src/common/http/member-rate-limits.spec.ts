import { jest } from '@jest/globals';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { LimitCounters } from '../limits/limit-counters.js';
import { MemberRateLimits } from './member-rate-limits.js';

/** Without REDIS_URL: counted in this process's memory. */
const limitsWith = (rateLimitFactor: number) => {
  const config = { rateLimitFactor, redisUrl: undefined } as AppConfig;
  return new MemberRateLimits(config, new LimitCounters(config));
};

async function refusal(run: () => Promise<void>): Promise<AppError | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe('per-member rate limits', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('refuses the 11th comment of a member within a minute, saying when to try again, and not another member’s', async () => {
    const limits = limitsWith(1);
    for (let i = 0; i < 10; i++) await limits.take('comment', 7);
    jest.advanceTimersByTime(30_000);
    const refused = await refusal(() => limits.take('comment', 7));
    expect(refused?.code).toBe(ErrorCode.RateLimited);
    expect(refused?.errors[0].retryAfter).toBe(30);
    expect(refused?.errors[0].message).toBe('You are doing this too often. Please try again in 30 seconds.');
    expect(await refusal(() => limits.take('comment', 8))).toBeNull();
    expect(await refusal(() => limits.take('feel', 7))).toBeNull();
    // A new window starts a minute after the first comment.
    jest.advanceTimersByTime(30_000);
    expect(await refusal(() => limits.take('comment', 7))).toBeNull();
  });

  it('scales with RATE_LIMIT_FACTOR', async () => {
    const limits = limitsWith(2);
    for (let i = 0; i < 20; i++) await limits.take('comment', 1);
    expect((await refusal(() => limits.take('comment', 1)))?.code).toBe(ErrorCode.RateLimited);
  });
});
