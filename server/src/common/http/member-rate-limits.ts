import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';

/**
 * Per-member limits of social writes, so one account cannot flood others with follow
 * notifications or the database with toggles. Counted in this process's memory, like the
 * per-address limits of @fastify/rate-limit: cheap on every write, and each process of a
 * scaled-out server lets a member as far as its own limit.
 */
const MEMBER_LIMITS = {
  /** Follows and unfollows together: a member following people from a search, not a script. */
  follow: { max: 30, windowMs: 60_000 },
  /** Saves and unsaves together. */
  bookmark: { max: 60, windowMs: 60_000 },
} as const;

export type MemberLimitName = keyof typeof MEMBER_LIMITS;

interface Window {
  startedAt: number;
  count: number;
}

/** Windows are swept after this many new keys, dropping the ones that ended. */
const SWEEP_EVERY = 1_000;

@Injectable()
export class MemberRateLimits {
  private readonly windows = new Map<string, Window>();
  private newKeysSinceSweep = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Counts one write of `name` by the member; throws RateLimited (with retryAfter) past the limit. */
  take(name: MemberLimitName, userId: number, now = Date.now()): void {
    const { max, windowMs } = MEMBER_LIMITS[name];
    const key = `${name}:${userId}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      if (!window) this.noteNewKey(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= Math.ceil(max * this.config.rateLimitFactor)) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      throw new AppError(
        ErrorCode.RateLimited,
        'Slow down',
        `You did that many times in a short while. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
        { retryAfter },
      );
    }
    window.count++;
  }

  private noteNewKey(now: number): void {
    if (++this.newKeysSinceSweep < SWEEP_EVERY) return;
    this.newKeysSinceSweep = 0;
    for (const [key, window] of this.windows) {
      const name = key.slice(0, key.indexOf(':')) as MemberLimitName;
      if (now - window.startedAt >= MEMBER_LIMITS[name].windowMs) this.windows.delete(key);
    }
  }
}
