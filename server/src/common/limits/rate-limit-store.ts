import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitCounters } from './limit-counters.js';

/**
 * @fastify/rate-limit's store over the app's limit counters, so the per-address limits of the
 * routes count where every other limit counts (Redis with REDIS_URL, else this process). The
 * routes' keys name their limit (`rate-limits.ts`), so one store serves every route.
 */
export function rateLimitStore(counters: LimitCounters): FastifyRateLimitStoreCtor {
  return class CountersStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counters.hit(key, timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
