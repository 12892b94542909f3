import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { lastValueFrom, of, type Observable } from 'rxjs';
import { ErrorCode } from '@shared/api/error-codes.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@shared/api/headers.js';
import { AppError } from '../common/errors/app-error.js';
import { toErrorResponse } from '../common/errors/error-response.js';
import { IdempotencyRepository, type KeyedRequest, type StoredRequest } from './idempotency.repository.js';
import type { StoredAnswer } from './idempotent-request.entity.js';
import { runAsKeyedRequest } from './request-keys.js';

/**
 * A request started this long ago and still unanswered is taken as abandoned (its process died
 * mid-way) and handled again by the next retry; the ledger keys of its moves (ledgerKeyOfRequest)
 * make that second handling move nothing the first one moved.
 */
export const ABANDONED_AFTER_SECONDS = 60;

/** How long a retry waits for the answer of the same request still being handled, before it is asked to come back. */
const IN_PROGRESS_WAIT_MS = 5_000;
const IN_PROGRESS_POLL_MS = 50;

const badKey = () =>
  new AppError(
    ErrorCode.Validation,
    'Invalid request key',
    'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.',
    {
      field: IDEMPOTENCY_HEADER,
    },
  );

const keyReused = () =>
  new AppError(
    ErrorCode.IdempotencyKeyReused,
    'Request key already used',
    'This request key was used for another request. Nothing was changed; please try again.',
  );

const keyInUse = (retryAfter: number) =>
  new AppError(
    ErrorCode.IdempotencyKeyInUse,
    'Still working on it',
    'Your first try is still being handled; please wait a moment.',
    {
      retryAfter,
    },
  );

/**
 * The one idempotency mechanism of the calls that move credits or money (`@Idempotent()`). With an
 * Idempotency-Key header, the member's first request with that key is handled and its answer (a
 * success, or a refusal in the 4xx range) kept for a day; every later request with the same key
 * and the same method, address, acting team and body gets that answer again without being
 * handled, and one that differs is refused (`idempotency_key_reused`). A retry arriving while the
 * first is still being handled waits for its answer, up to 5 s, then is asked to come back
 * (`idempotency_key_in_use`). A failure with no
 * answer to keep (5xx, a rate limit) lets the next retry handle the request again. Without the
 * header a request is handled as it comes.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('idempotency');

  constructor(private readonly requests: IdempotencyRepository) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp().getRequest<FastifyRequest>();
    const header = http.headers[IDEMPOTENCY_HEADER];
    const userId = http.auth?.user.id;
    if (header === undefined || userId === undefined) return next.handle();
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw badKey();
    const request: KeyedRequest = {
      userId,
      key: header,
      route: `${http.method} ${http.routeOptions.url ?? http.url}`,
      requestHash: hashOf(http),
    };
    if (!(await this.requests.claim(request))) {
      const stored = await this.requests.stored(userId, header);
      const answer = stored && (await this.earlierAnswer(request, stored));
      if (answer) return of(replay(answer));
    }
    return of(await this.handle(request, next));
  }

  /**
   * The earlier request's answer to give again, or null when this request is to be handled (an
   * abandoned one taken up). A request still being handled is waited for, a little.
   */
  private async earlierAnswer(request: KeyedRequest, first: StoredRequest): Promise<StoredAnswer | null> {
    if (first.request_hash !== request.requestHash) throw keyReused();
    const waitUntil = Date.now() + IN_PROGRESS_WAIT_MS;
    for (let stored: StoredRequest | null = first; ; stored = await this.requests.stored(request.userId, request.key)) {
      if (stored?.status === 'answered' && stored.answer) return stored.answer;
      if (await this.requests.takeUpAbandoned(request.userId, request.key, ABANDONED_AFTER_SECONDS)) return null;
      if (Date.now() >= waitUntil) {
        throw keyInUse(Math.max(1, Math.ceil(ABANDONED_AFTER_SECONDS - (stored?.claimed_seconds_ago ?? 0))));
      }
      await setTimeout(IN_PROGRESS_POLL_MS);
    }
  }

  private async handle(request: KeyedRequest, next: CallHandler): Promise<unknown> {
    let data: unknown;
    try {
      data = await runAsKeyedRequest(request, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    } catch (error) {
      const refusal = toErrorResponse(error, '');
      const final = refusal.status >= 400 && refusal.status < 500 && refusal.status !== 429;
      await this.settle(request, () =>
        final
          ? this.requests.answer(request.userId, request.key, { errors: refusal.errors })
          : this.requests.release(request.userId, request.key),
      );
      throw error;
    }
    await this.settle(request, () => this.requests.answer(request.userId, request.key, { data: data ?? null }));
    return data;
  }

  /**
   * Records how the request ended. When that fails (the database went away), the member still gets
   * this answer; a retry is handled again once the request has been left for ABANDONED_AFTER_SECONDS.
   */
  private async settle(request: KeyedRequest, record: () => Promise<void>): Promise<void> {
    try {
      await record();
    } catch (error) {
      this.logger.warn(`Could not record the end of the keyed request ${request.route}: ${(error as Error).message}`);
    }
  }
}

function replay(answer: StoredAnswer): unknown {
  if ('errors' in answer) {
    const [first] = answer.errors;
    throw new AppError(first.code, first.heading, first.message, { errors: answer.errors });
  }
  return answer.data;
}

function hashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.actingTeam?.id ?? null, request.body ?? null]))
    .digest('hex');
}
