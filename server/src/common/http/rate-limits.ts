import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitFactor: number;
  }
}

/**
 * Per-address limits of the routes that attackers or crash loops hammer, counted by
 * `LimitCounters` (in Redis with REDIS_URL, so they hold across processes). Per-account limits
 * (failed logins, resends) live with their services, in the database, so they hold across
 * processes and addresses.
 */
const LIMITS = {
  login: { max: 20, timeWindow: 15 * 60_000 },
  signup: { max: 10, timeWindow: 60 * 60_000 },
  passwordReset: { max: 5, timeWindow: 15 * 60_000 },
  resendConfirmation: { max: 10, timeWindow: 60 * 60_000 },
  changeEmail: { max: 10, timeWindow: 60 * 60_000 },
  upload: { max: 30, timeWindow: 60 * 60_000 },
  /** Messages to the admins through /contact: a person writes a few; more is a flood. */
  contact: { max: 5, timeWindow: 60 * 60_000 },
  logError: { max: 10, timeWindow: 60_000 },
  /** A member needs one picture per challenged view (the same on every request) and a reload now and then; many more is a script. */
  challengeImage: { max: 60, timeWindow: 60_000 },
  /** Each of the three tracking calls (visit record, update, feed activity): a busy tab scrolling a feed sends a few a second. */
  tracking: { max: 600, timeWindow: 60_000 },
} as const;

export type RateLimitName = keyof typeof LIMITS;

/** Route config for `@RouteConfig(rateLimit('login'))`; RATE_LIMIT_FACTOR scales every limit. */
export function rateLimit(name: RateLimitName) {
  const { max, timeWindow } = LIMITS[name];
  return {
    rateLimit: {
      max: (request: FastifyRequest) => Math.ceil(max * request.server.rateLimitFactor),
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `address:${name}:${request.ip}`,
    },
  };
}
