import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { LimitCounters } from '../limits/limit-counters.js';

/**
 * Per-member limits on social writes: a member (not an address: many members share one) may
 * post, comment, give feels, report, block, follow, bookmark, create groups, join them, make
 * invite codes and follow tags this often. Counted where the per-address limits are
 * (`LimitCounters`: in Redis with REDIS_URL, so across processes); RATE_LIMIT_FACTOR scales them alike.
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

@Injectable()
export class MemberRateLimits {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly counters: LimitCounters,
  ) {}

  /** Counts one write of `name` by the member; refuses it (rate_limited, with retryAfter) past the limit. */
  async take(name: MemberLimitName, userId: number): Promise<void> {
    const { max, windowMs } = MEMBER_LIMITS[name];
    const { count, msLeft } = await this.counters.hit(`member:${name}:${userId}`, windowMs);
    if (count <= Math.ceil(max * this.config.rateLimitFactor)) return;
    const retryAfter = Math.max(1, Math.ceil(msLeft / 1000));
    throw new AppError(
      ErrorCode.RateLimited,
      'Slow down',
      `You are doing this too often. Please try again in ${waitText(retryAfter)}.`,
      { retryAfter },
    );
  }
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
