import type { Envelope } from '@shared/api/envelope.js';
import { XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';
import { GEO_COUNTRY_PATH, type GeoCountryAnswer } from '@shared/consent/consent.js';

export interface GeoCountryEnvironment {
  fetch: typeof fetch;
  dataDomain: string;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Asks the app's own server for the visitor's country, giving up after `timeoutMs`. A failure,
 * a time-out or an unreadable answer leaves the country unknown (null), which the consent rule
 * treats as a country with a cookie law. Called once, without the API client's retries: the
 * banner must not wait on a server that is not answering.
 */
export async function fetchGeoCountry(env: GeoCountryEnvironment, timeoutMs: number): Promise<string | null> {
  const abort = new AbortController();
  const timer = env.setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await env.fetch(`${env.dataDomain}${GEO_COUNTRY_PATH}`, {
      credentials: 'include',
      headers: { Accept: 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE },
      signal: abort.signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Envelope<GeoCountryAnswer>;
    const country = body?.data?.country;
    return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
  } catch {
    return null;
  } finally {
    env.clearTimeout(timer);
  }
}
