import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import { ErrorCode } from '@shared/api/error-codes.js';
import { DATA_PREFIX } from '@shared/api/headers.js';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';

/** What a /data answer needs: no sniffing into a renderable type, and nothing it could load or frame. */
const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 10, fields: 50, fieldSize: 100 * 1024 };

/**
 * The Fastify plugins every request passes: cookies, uploads, compression, security headers
 * with a CSP the app itself passes, and rate limiting for the routes that ask for it.
 */
export async function registerHttpPlugins(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  await fastify.register(fastifyCookie, { secret: config.sessionSecret });
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  await fastify.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // On-the-fly brotli at the default quality 11 costs more than it saves; built files are pre-compressed.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // JSON answers are never rendered as documents: helmet's full header set (built per request,
  // ~40% of a /data call's time) is for pages; /data answers get a fixed API policy instead.
  fastify.addHook('onRoute', (route) => {
    if (route.url === DATA_PREFIX || route.url.startsWith(`${DATA_PREFIX}/`)) {
      route.helmet = false;
      route.config = { ...route.config, apiSecurityHeaders: true } as typeof route.config;
    }
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { apiSecurityHeaders?: boolean }).apiSecurityHeaders) reply.headers(API_SECURITY_HEADERS);
    done();
  });
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Avatars may come from other hosts (spec 3: a URL starting with http is used as is).
    crossOriginEmbedderPolicy: false,
  });
  fastify.decorate('rateLimitFactor', config.rateLimitFactor);
  await fastify.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.RateLimited, 'Slow down', `Too many requests. Please try again in ${waitText(context.ttl)}.`),
  });
}

function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
