import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import type { LimitCounters } from '../limits/limit-counters.js';
import { rateLimitStore } from '../limits/rate-limit-store.js';
import { registerCompression } from './compression.js';
import { registerMultipartInMemory } from './multipart-in-memory.js';

export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 10, fields: 50, fieldSize: 100 * 1024 };

/**
 * The Fastify plugins every request passes: cookies, uploads, compression, and rate limiting
 * for the routes that ask for it (counted by `counters`: across processes with REDIS_URL).
 * Security headers: helmet for pages (registerClientApp), a fixed API policy for everything
 * else (attachRouteHooks).
 */
export async function registerHttpPlugins(fastify: FastifyInstance, config: AppConfig, counters: LimitCounters): Promise<void> {
  // Parsed on demand (requestCookies): few routes read cookies.
  await fastify.register(fastifyCookie, { secret: config.sessionSecret, hook: false });
  await registerMultipartInMemory(fastify, { limits: UPLOAD_LIMITS });
  await registerCompression(fastify);
  fastify.decorate('rateLimitFactor', config.rateLimitFactor);
  await fastify.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(counters),
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.RateLimited, 'Slow down', `Too many requests. Please try again in ${waitText(context.ttl)}.`, {
        retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
