import { CONSENT_COOKIE } from '@shared/consent/consent.js';
import { VISIT_COOKIE, VISITOR_COOKIE } from '@shared/tracking/tracking-constants.js';
import { storeConsent, storedConsent } from './consentCookie.js';

/** A cookie jar as a browser keeps it: a cookie written with max-age=0 is gone. */
function jar(initial: Record<string, string> = {}) {
  const cookies = new Map(Object.entries(initial));
  const written: string[] = [];
  return {
    written,
    read: () => [...cookies.entries()].map(([name, value]) => `${name}=${value}`).join('; '),
    write: (cookie: string) => {
      written.push(cookie);
      const [pair] = cookie.split('; ');
      const [name, value] = pair.split('=');
      if (cookie.includes('max-age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
}

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('the consent cookie', () => {
  it('stores the answer for 365 days on path / with SameSite=Lax, and reads it back', () => {
    const cookies = jar();
    storeConsent(cookies, 'allow', { nowMs: NOW, secure: true, keepTrackingCookies: true });
    expect(cookies.written).toEqual([
      `${CONSENT_COOKIE}=allow; expires=${new Date(NOW + 365 * 86_400_000).toUTCString()}; max-age=${365 * 86_400}; path=/; SameSite=Lax; Secure`,
    ]);
    expect(storedConsent(cookies)).toBe('allow');
  });

  it('reads no answer from a missing or unknown value', () => {
    expect(storedConsent(jar())).toBeNull();
    expect(storedConsent(jar({ [CONSENT_COOKIE]: 'maybe' }))).toBeNull();
    expect(storedConsent(jar({ [CONSENT_COOKIE]: 'dismiss' }))).toBe('dismiss');
  });

  it('a revoke deletes the answer and the tracking cookies', () => {
    const cookies = jar({ [CONSENT_COOKIE]: 'allow', [VISIT_COOKIE]: 'v', [VISITOR_COOKIE]: 'vr', sid: 'session' });
    storeConsent(cookies, null, { nowMs: NOW, secure: false, keepTrackingCookies: false });
    expect(cookies.read()).toBe('sid=session');
  });

  it('a deny deletes tracking cookies an earlier answer allowed, and keeps the answer', () => {
    const cookies = jar({ [VISIT_COOKIE]: 'v', [VISITOR_COOKIE]: 'vr' });
    storeConsent(cookies, 'deny', { nowMs: NOW, secure: false, keepTrackingCookies: false });
    expect(cookies.read()).toBe(`${CONSENT_COOKIE}=deny`);
  });
});
