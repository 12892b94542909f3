import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookies } from '../common/http/request-cookies.js';
import { SESSION_LIFETIME_DAYS } from '../sessions/sessions.service.js';
import { writeDeviceCookie } from './device-cookie.js';

/** The active account's session token. */
export const SESSION_COOKIE = 'sid';
/** Tokens of the other accounts signed in in this browser (/login/multi), dot-separated. */
export const OTHER_SESSIONS_COOKIE = 'sid_more';
export const MAX_SIGNED_IN_ACCOUNTS = 5;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export interface BrowserSessions {
  active: string | null;
  others: string[];
}

export function readSessionCookies(request: FastifyRequest): BrowserSessions {
  const cookies = requestCookies(request);
  const active = cookies[SESSION_COOKIE];
  const others = (cookies[OTHER_SESSIONS_COOKIE] ?? '').split('.').filter((token) => TOKEN_PATTERN.test(token));
  return { active: active && TOKEN_PATTERN.test(active) ? active : active ? 'invalid' : null, others };
}

/**
 * httpOnly so scripts never see the token, SameSite=Lax against cross-site requests,
 * Secure whenever the site is served over https. A request that began a session also gives the
 * browser its device cookie.
 */
export function writeSessionCookies(request: FastifyRequest, reply: FastifyReply, sessions: BrowserSessions): void {
  writeDeviceCookie(request, reply);
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: SESSION_LIFETIME_DAYS * 86_400,
  };
  if (sessions.active) reply.setCookie(SESSION_COOKIE, sessions.active, options);
  else reply.clearCookie(SESSION_COOKIE, { path: '/' });
  const others = sessions.others.filter((token) => token !== sessions.active).slice(0, MAX_SIGNED_IN_ACCOUNTS - 1);
  if (others.length) reply.setCookie(OTHER_SESSIONS_COOKIE, others.join('.'), options);
  else reply.clearCookie(OTHER_SESSIONS_COOKIE, { path: '/' });
}
