import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import type { Dependency, ReadyAnswer } from '@shared/health/health.js';
import { AppError } from '../common/errors/app-error.js';
import { RedisClients } from '../realtime/redis-clients.js';
import { HealthRepository } from './health.repository.js';
import { settlesWithin } from './settles-within.js';

/** How long each dependency has to answer: a load balancer polls often and must not pile checks up. */
export const READINESS_TIMEOUT_MS = 1000;
/** Seconds a caller should wait before asking again after a failed check. */
export const READINESS_RETRY_AFTER_SECONDS = 2;

const NOT_ANSWERING: Record<Dependency, string> = {
  database: `PostgreSQL did not answer SELECT 1 within ${READINESS_TIMEOUT_MS} ms.`,
  redis: `Redis did not answer PING within ${READINESS_TIMEOUT_MS} ms.`,
};

/**
 * Readiness: whether this process can serve a request now. PostgreSQL (always) and Redis (with
 * REDIS_URL) are asked at once, each with a short time-out; a process shutting down answers 503
 * `shutting_down` before reaching here (see shutdown/draining-answer.ts).
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthRepository,
    private readonly redis: RedisClients,
  ) {}

  async check(): Promise<ReadyAnswer> {
    const [database, redis] = await Promise.all([
      settlesWithin(this.health.selectOne(), READINESS_TIMEOUT_MS),
      this.redis.configured ? settlesWithin(this.redis.ping(), READINESS_TIMEOUT_MS) : null,
    ]);
    const failing: Dependency[] = [];
    if (!database) failing.push('database');
    if (redis === false) failing.push('redis');
    if (failing.length > 0) throw notReady(failing);
    return { database: 'ok', redis: redis === null ? 'not_configured' : 'ok' };
  }
}

/** 503 `unavailable` with Retry-After, one error per dependency that did not answer. */
function notReady(failing: Dependency[]): AppError {
  const errors: ApiError[] = failing.map((dependency) => ({
    code: ErrorCode.Unavailable,
    heading: 'Not ready',
    message: NOT_ANSWERING[dependency],
    retryAfter: READINESS_RETRY_AFTER_SECONDS,
    dependency,
  }));
  return new AppError(ErrorCode.Unavailable, errors[0].heading, errors[0].message, { errors });
}
