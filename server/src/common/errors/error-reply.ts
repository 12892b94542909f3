import type { FastifyReply } from 'fastify';
import type { Envelope } from '@shared/api/envelope.js';
import { retryAfterOf, type ErrorResponse } from './error-response.js';

/** Answers a failure as the envelope, with Retry-After when its errors say when to try again. */
export function replyWithError(reply: FastifyReply, response: ErrorResponse, maintenance: boolean): void {
  const retryAfter = retryAfterOf(response.errors);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  const body: Envelope<null> = { data: null, errors: response.errors, maintenance };
  reply.code(response.status).type('application/json; charset=utf-8').send(body);
}
