import { TRACKING_ID_PATTERN, VISIT_COOKIE, VISITOR_COOKIE } from '@shared/tracking/tracking-constants.js';
import { VISIT_COOKIE_DAYS, VISITOR_COOKIE_DAYS } from '@shared/constants/timing.js';

const DAY_MS = 86_400_000;
export const VISIT_LIFETIME_MS = VISIT_COOKIE_DAYS * DAY_MS;
export const VISITOR_LIFETIME_MS = VISITOR_COOKIE_DAYS * DAY_MS;

/** A random URL-safe id of 22 characters (128 bits). */
export function newTrackingId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The visit and visitor ids. `visit(now)` answers the live visit's id, or a new one when the
 * last visit has been idle for VISIT_COOKIE_DAYS (30 minutes), and extends its life from now.
 */
export interface TrackingIdStore {
  visit(nowMs: number): string;
  visitor(nowMs: number): string;
}

/** `document.cookie` as a read and a write, so tests can pass their own. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

export function readCookie(all: string, name: string): string | null {
  for (const part of all.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

export function trackingCookie(name: string, value: string, lifetimeMs: number, nowMs: number, secure: boolean): string {
  const expires = new Date(nowMs + lifetimeMs).toUTCString();
  const maxAge = Math.round(lifetimeMs / 1000);
  return `${name}=${value}; expires=${expires}; max-age=${maxAge}; path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Ids kept in cookies: the visit cookie is rewritten at every use so it expires after 30 idle
 * minutes (and every tab of the browser shares the visit); the visitor cookie is rewritten too,
 * so a returning visitor keeps the id even where browsers cap a cookie's lifetime.
 */
export function cookieIdStore(jar: CookieJar, secure: boolean, newId = newTrackingId): TrackingIdStore {
  const keep = (name: string, lifetimeMs: number, nowMs: number): string => {
    const current = readCookie(jar.read(), name);
    const id = current !== null && TRACKING_ID_PATTERN.test(current) ? current : newId();
    jar.write(trackingCookie(name, id, lifetimeMs, nowMs, secure));
    return id;
  };
  return {
    visit: (nowMs) => keep(VISIT_COOKIE, VISIT_LIFETIME_MS, nowMs),
    visitor: (nowMs) => keep(VISITOR_COOKIE, VISITOR_LIFETIME_MS, nowMs),
  };
}

/** Ids kept in memory only (no consent to cookies): a new visitor at every page load. */
export function memoryIdStore(newId = newTrackingId): TrackingIdStore {
  const visitor = newId();
  let visit: { id: string; expiresAt: number } | null = null;
  return {
    visit: (nowMs) => {
      if (!visit || nowMs >= visit.expiresAt) visit = { id: newId(), expiresAt: 0 };
      visit.expiresAt = nowMs + VISIT_LIFETIME_MS;
      return visit.id;
    },
    visitor: () => visitor,
  };
}

/**
 * Ids that live in memory until the visitor's consent allows cookies (asked at every use), then
 * in the cookies: the visit and visitor of the page so far carry on into them, unless the cookies
 * already hold ids from an earlier page. Without consent no cookie is written.
 */
export function consentedIdStore(
  cookiesAllowed: () => boolean,
  jar: CookieJar,
  secure: boolean,
  newId = newTrackingId,
): TrackingIdStore {
  const memory = memoryIdStore(newId);
  let carriedOver = '';
  const cookies = cookieIdStore(jar, secure, () => carriedOver);
  const pick =
    (kind: keyof TrackingIdStore) =>
    (nowMs: number): string => {
      const inMemory = memory[kind](nowMs);
      if (!cookiesAllowed()) return inMemory;
      carriedOver = inMemory;
      return cookies[kind](nowMs);
    };
  return { visit: pick('visit'), visitor: pick('visitor') };
}
