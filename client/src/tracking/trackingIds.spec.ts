import { jest } from '@jest/globals';
import { trackingIdSchema, VISIT_COOKIE, VISITOR_COOKIE } from '@shared/tracking/tracking.js';
import {
  consentedIdStore,
  cookieIdStore,
  memoryIdStore,
  newTrackingId,
  readCookie,
  VISIT_LIFETIME_MS,
  VISITOR_LIFETIME_MS,
} from './trackingIds.js';

/** A cookie jar that keeps what was written, as a browser would, with each cookie's expiry. */
function jar() {
  const cookies = new Map<string, { value: string; expires: number; attributes: string }>();
  const written: string[] = [];
  return {
    written,
    cookies,
    read: () =>
      [...cookies.entries()]
        .filter(([, cookie]) => cookie.expires > Date.now())
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join('; '),
    write: (cookie: string) => {
      written.push(cookie);
      const [pair, ...attributes] = cookie.split('; ');
      const [name, value] = pair.split('=');
      const expires = Date.parse(attributes.find((part) => part.startsWith('expires='))!.slice('expires='.length));
      cookies.set(name, { value, expires, attributes: attributes.join('; ') });
    },
  };
}

const MINUTE = 60_000;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('tracking ids', () => {
  it('makes random ids the server accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newTrackingId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(trackingIdSchema.safeParse(id).success).toBe(true);
  });

  it('gives the visit cookie 30 minutes and the visitor cookie 3650 days, on path / with SameSite=Lax', () => {
    expect(VISIT_LIFETIME_MS).toBe(30 * MINUTE);
    expect(VISITOR_LIFETIME_MS).toBe(3650 * 86_400_000);
    const cookies = jar();
    const now = Date.parse('2026-03-01T12:00:00Z');
    const store = cookieIdStore(cookies, true);
    store.visit(now);
    store.visitor(now);
    const visit = cookies.written.find((cookie) => cookie.startsWith(`${VISIT_COOKIE}=`))!;
    const visitor = cookies.written.find((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`))!;
    expect(visit).toContain(`expires=${new Date(now + 30 * MINUTE).toUTCString()}`);
    expect(visit).toContain('max-age=1800; path=/; SameSite=Lax; Secure');
    expect(visitor).toContain(`expires=${new Date(now + 3650 * 86_400_000).toUTCString()}`);
    expect(visitor).toContain(`max-age=${3650 * 86_400}; path=/; SameSite=Lax; Secure`);
    expect(cookieIdStore(jar(), false).visit(now)).toBeTruthy();
  });

  it('keeps the visit while it is used, and starts a new one after 30 idle minutes', () => {
    const cookies = jar();
    const store = cookieIdStore(cookies, false);
    const start = Date.now();
    const first = store.visit(start);
    jest.setSystemTime(start + 20 * MINUTE);
    expect(store.visit(start + 20 * MINUTE)).toBe(first);
    jest.setSystemTime(start + 45 * MINUTE);
    expect(store.visit(start + 45 * MINUTE)).toBe(first);
    jest.setSystemTime(start + 76 * MINUTE);
    expect(store.visit(start + 76 * MINUTE)).not.toBe(first);
  });

  it('keeps the visitor id across page loads in the cookie, but not in memory', () => {
    const cookies = jar();
    const now = Date.now();
    expect(cookieIdStore(cookies, false).visitor(now)).toBe(cookieIdStore(cookies, false).visitor(now));
    expect(memoryIdStore().visitor(now)).not.toBe(memoryIdStore().visitor(now));
  });

  it('replaces a cookie value that is not a tracking id', () => {
    const written: string[] = [];
    const store = cookieIdStore(
      { read: () => `${VISITOR_COOKIE}=<script>; other=1`, write: (cookie) => written.push(cookie) },
      false,
    );
    const id = store.visitor(Date.now());
    expect(trackingIdSchema.safeParse(id).success).toBe(true);
    expect(written[0]).toMatch(new RegExp(`^${VISITOR_COOKIE}=${id};`));
  });

  it('ends an in-memory visit after 30 idle minutes too', () => {
    const store = memoryIdStore();
    const first = store.visit(0);
    expect(store.visit(29 * MINUTE)).toBe(first);
    expect(store.visit(58 * MINUTE)).toBe(first);
    expect(store.visit(89 * MINUTE)).not.toBe(first);
  });

  it('reads one cookie among others', () => {
    expect(readCookie('a=1; z5v=abc; z5vr=def', 'z5v')).toBe('abc');
    expect(readCookie('a=1', 'z5v')).toBeNull();
  });
});

describe('tracking ids under cookie consent', () => {
  it('writes no cookie while consent does not allow it, and keeps one visitor for the page', () => {
    const cookies = jar();
    const store = consentedIdStore(() => false, cookies, false);
    const now = Date.now();
    const visitor = store.visitor(now);
    expect(store.visitor(now + MINUTE)).toBe(visitor);
    store.visit(now);
    expect(cookies.written).toEqual([]);
  });

  it('starts using the cookies once consent is given, carrying the ids of the page so far into them', () => {
    const cookies = jar();
    let allowed = false;
    const store = consentedIdStore(() => allowed, cookies, false);
    const now = Date.now();
    const visit = store.visit(now);
    const visitor = store.visitor(now);
    expect(cookies.written).toEqual([]);
    allowed = true;
    expect(store.visit(now + MINUTE)).toBe(visit);
    expect(store.visitor(now + MINUTE)).toBe(visitor);
    expect(readCookie(cookies.read(), VISIT_COOKIE)).toBe(visit);
    expect(readCookie(cookies.read(), VISITOR_COOKIE)).toBe(visitor);
  });

  it('with consent, a returning visitor keeps the id their cookie already holds', () => {
    const cookies = jar();
    const earlier = cookieIdStore(cookies, false).visitor(Date.now());
    const store = consentedIdStore(() => true, cookies, false);
    expect(store.visitor(Date.now())).toBe(earlier);
  });
});
