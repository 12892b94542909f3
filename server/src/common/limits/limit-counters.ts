import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { deploymentKey } from '../../config/deployment-key.js';

/** The longest a hit waits for Redis before it is counted in this process instead. */
const REDIS_TIMEOUT_MS = 500;
/** While Redis cannot be reached, one warning per this interval, not one per request. */
const WARNING_INTERVAL_MS = 10_000;

export interface LimitHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** Milliseconds until that window ends. */
  msLeft: number;
}

interface WindowCounters {
  /** Every process's count (Redis), when REDIS_URL is set. */
  shared: RateLimiterRedis | null;
  /** This process's count: the only one without Redis, the fallback while Redis is unreachable. */
  local: RateLimiterMemory;
}

/**
 * The fixed-window hit counters behind every rate limit (per address on HTTP routes, per member
 * on social writes); the callers hold the limits and decide. With REDIS_URL the counts live in
 * Redis under the deployment's key (`deploymentKey`), so every process counts the same hits and
 * a limit holds exactly however many processes serve a client; without it, in this process's
 * memory.
 *
 * Redis failing never fails a request: a hit Redis does not answer (unreachable, or slower than
 * REDIS_TIMEOUT_MS) is counted in this process's memory instead, with a warning logged at most
 * every 10 s, so while Redis is away the limits hold per process, as they do without REDIS_URL.
 */
@Injectable()
export class LimitCounters implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LimitCounters.name);
  private readonly redis;
  private readonly keyPrefix: string;
  private readonly windows = new Map<number, WindowCounters>();
  private lastWarningAt = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Without the offline queue a hit fails at once while the connection is down, rather than
    // waiting for Redis to come back.
    this.redis = config.redisUrl ? createClient({ url: config.redisUrl, disableOfflineQueue: true }) : null;
    this.redis?.on('error', (error: unknown) => this.warn(error));
    this.keyPrefix = config.redisUrl ? `${deploymentKey(config.databaseUrl!)}:limits` : 'limits';
  }

  /** Not awaited: a process whose Redis is down starts, counting in memory until Redis is back. */
  onModuleInit(): void {
    this.redis?.connect().catch((error: unknown) => this.warn(error));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis?.isOpen) await this.redis.close();
  }

  /** Counts one hit of `key` (which names its limit) in its window of `windowMs` (whole seconds). */
  async hit(key: string, windowMs: number): Promise<LimitHit> {
    const { shared, local } = this.countersFor(windowMs);
    if (shared) {
      try {
        return toHit(await shared.penalty(key));
      } catch (error) {
        this.warn(error);
      }
    }
    return toHit(await local.penalty(key));
  }

  private countersFor(windowMs: number): WindowCounters {
    let counters = this.windows.get(windowMs);
    if (!counters) {
      // `points` is not used: penalty() only counts, and the callers compare with their limits.
      const options = { keyPrefix: this.keyPrefix, points: 1, duration: Math.ceil(windowMs / 1000) };
      counters = {
        shared: this.redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: this.redis.withCommandOptions({ timeout: REDIS_TIMEOUT_MS }),
              useRedisPackage: true,
            })
          : null,
        local: new RateLimiterMemory(options),
      };
      this.windows.set(windowMs, counters);
    }
    return counters;
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Redis cannot be reached (${reason}): rate limits are counted in this process until it is back`);
  }
}

function toHit(res: RateLimiterRes): LimitHit {
  return { count: res.consumedPoints, msLeft: res.msBeforeNext };
}
