import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../common/crypto/tokens.js';
import { requestCookies } from '../common/http/request-cookies.js';

/**
 * A random id for the browser, kept on every session it signs in to, so that the surf score can
 * tell many accounts surfing from one device as it tells them from one address. It carries
 * nothing about the person, and no other site can read it (httpOnly, first party).
 */
export const DEVICE_COOKIE = 'did';
/** As long as browsers keep a cookie (400 days), renewed at every sign-in. */
const DEVICE_COOKIE_DAYS = 400;
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The device id of one request: the browser's, or a new one that writeDeviceCookie then gives it. */
const devices = new WeakMap<FastifyRequest, string>();

export function deviceOf(request: FastifyRequest): string {
  let device = devices.get(request);
  if (device === undefined) {
    const sent = requestCookies(request)[DEVICE_COOKIE];
    device = sent && DEVICE_PATTERN.test(sent) ? sent : randomToken(16);
    devices.set(request, device);
  }
  return device;
}

/** Gives (or renews) the browser its device cookie, when the request used it. */
export function writeDeviceCookie(request: FastifyRequest, reply: FastifyReply): void {
  const device = devices.get(request);
  if (device === undefined) return;
  reply.setCookie(DEVICE_COOKIE, device, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
