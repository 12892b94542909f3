import { CONSENT_COOKIE, parseConsentChoice, type StoredConsent } from '@shared/consent/consent.js';
import { CONSENT_COOKIE_DAYS } from '@shared/constants/timing.js';
import { VISIT_COOKIE, VISITOR_COOKIE } from '@shared/tracking/tracking-constants.js';
import { readCookie, trackingCookie, type CookieJar } from '../tracking/trackingIds.js';

const CONSENT_LIFETIME_MS = CONSENT_COOKIE_DAYS * 86_400_000;

/** The answer stored in this browser, null when there is none (or it is unreadable). */
export function storedConsent(jar: CookieJar): StoredConsent {
  return parseConsentChoice(readCookie(jar.read(), CONSENT_COOKIE));
}

/**
 * Stores the answer for 365 days on path / (SameSite=Lax, Secure over https); null deletes it.
 * An answer that does not allow non-essential cookies also deletes the tracking cookies a
 * former answer let the page set.
 */
export function storeConsent(
  jar: CookieJar,
  choice: StoredConsent,
  options: { nowMs: number; secure: boolean; keepTrackingCookies: boolean },
): void {
  if (choice === null) jar.write(expired(CONSENT_COOKIE));
  else jar.write(trackingCookie(CONSENT_COOKIE, choice, CONSENT_LIFETIME_MS, options.nowMs, options.secure));
  if (!options.keepTrackingCookies) {
    jar.write(expired(VISIT_COOKIE));
    jar.write(expired(VISITOR_COOKIE));
  }
}

function expired(name: string): string {
  return `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; SameSite=Lax`;
}

/** The browser's cookies. */
export const documentCookies: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => (document.cookie = cookie),
};
