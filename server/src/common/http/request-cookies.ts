import type { FastifyRequest } from 'fastify';

/**
 * The request's cookies, parsed on first use. @fastify/cookie's per-request parsing hook is off
 * (`hook: false`): only the session and referral code read cookies, while every request of every
 * route paid for parsing them.
 */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  return (request.cookies ??= request.server.parseCookie(request.headers.cookie ?? ''));
}
