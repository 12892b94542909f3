import { COOKIE_LAW_COUNTRIES } from '@shared/constants/countries.js';

/**
 * Whether the trackers may keep the visit and visitor ids in cookies. Until visitors can answer
 * a consent banner, consent counts as given except in the countries whose cookie law asks for it
 * first; there the ids live in memory only. An unknown country counts as given.
 */
export function trackingCookiesAllowed(visitorCountry: string | null): boolean {
  return visitorCountry === null || !COOKIE_LAW_COUNTRIES.includes(visitorCountry.toUpperCase());
}
