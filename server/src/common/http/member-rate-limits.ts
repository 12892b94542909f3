import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';

/**
 * Per-member limits on social writes: a member (not an address: many members share one) may
 * post, comment, give feels, report, block, follow, bookmark, create groups, join them, make
 * invite codes and follow tags this often. Counted in this process, as the per-address limits
 * are; RATE_LIMIT_FACTOR scales them alike.
 */
const MEMBER_LIMITS = {
  post: { max: 20, windowMs: 60 * 60_000 },
  comment: { max: 10, windowMs: 60_000 },
  feel: { max: 60, windowMs: 60_000 },
  report: { max: 20, windowMs: 60 * 60_000 },
  block: { max: 30, windowMs: 60 * 60_000 },
  /** Follows and unfollows together: a member following people from a search, not a script. */
  follow: { max: 30, windowMs: 60_000 },
  /** Saves and unsaves together. */
  bookmark: { max: 60, windowMs: 60_000 },
  /** Groups created. */
  groupCreate: { max: 5, windowMs: 60 * 60_000 },
  /** Joins, join requests and joins by code. */
  groupJoin: { max: 30, windowMs: 60 * 60_000 },
  /** Invite codes made or rotated. */
  groupInvite: { max: 30, windowMs: 60 * 60_000 },
  /** Teams created. */
  teamCreate: { max: 5, windowMs: 60 * 60_000 },
  /** Team invitations sent (each mails someone). */
  teamInvite: { max: 30, windowMs: 60 * 60_000 },
  /** Tags followed (unfollowing gives none back). */
  tagFollow: { max: 60, windowMs: 60 * 60_000 },
} as const;

export type MemberLimitName = keyof typeof MEMBER_LIMITS;

interface Window {
  startedAt: number;
  count: number;
}

/** How many windows are kept before expired ones are swept. */
const SWEEP_AT = 10_000;

@Injectable()
export class MemberRateLimits {
  private readonly windows = new Map<string, Window>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Counts one write of `name` by the member; refuses it (rate_limited, with retryAfter) past the limit. */
  take(name: MemberLimitName, userId: number, now = Date.now()): void {
    const { max, windowMs } = MEMBER_LIMITS[name];
    const key = `${name}:${userId}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= Math.ceil(max * this.config.rateLimitFactor)) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      throw new AppError(
        ErrorCode.RateLimited,
        'Slow down',
        `You are doing this too often. Please try again in ${waitText(retryAfter)}.`,
        {
          retryAfter,
        },
      );
    }
    window.count++;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      const name = key.slice(0, key.indexOf(':')) as MemberLimitName;
      if (now - window.startedAt >= MEMBER_LIMITS[name].windowMs) this.windows.delete(key);
    }
  }
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
