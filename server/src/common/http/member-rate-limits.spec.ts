import { ErrorCode } from '@shared/api/error-codes.js';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { MemberRateLimits } from './member-rate-limits.js';

const limitsWith = (rateLimitFactor: number) => new MemberRateLimits({ rateLimitFactor } as AppConfig);

function refusal(run: () => void): AppError | null {
  try {
    run();
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe('per-member rate limits', () => {
  it('refuses the 11th comment of a member within a minute, saying when to try again, and not another member’s', () => {
    const limits = limitsWith(1);
    const start = 1_000_000;
    for (let i = 0; i < 10; i++) limits.take('comment', 7, start + i);
    const refused = refusal(() => limits.take('comment', 7, start + 30_000));
    expect(refused?.code).toBe(ErrorCode.RateLimited);
    expect(refused?.errors[0].retryAfter).toBe(30);
    expect(refusal(() => limits.take('comment', 8, start + 30_000))).toBeNull();
    expect(refusal(() => limits.take('feel', 7, start + 30_000))).toBeNull();
    // A new window starts a minute after the first comment.
    expect(refusal(() => limits.take('comment', 7, start + 60_000))).toBeNull();
  });

  it('scales with RATE_LIMIT_FACTOR', () => {
    const limits = limitsWith(2);
    for (let i = 0; i < 20; i++) limits.take('comment', 1, 0);
    expect(refusal(() => limits.take('comment', 1, 0))?.code).toBe(ErrorCode.RateLimited);
  });
});
