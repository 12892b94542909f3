import { DEFAULT_CONSENT_COUNTRIES, GEO_COUNTRY_PATH, type GeoCountryAnswer } from '../../shared/consent/consent.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { eventually } from '../support/eventually.js';
import { call } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * The cookie banner's two sources: the country lists in /data/start (website settings) and the
 * fallback country call. Behind a proxy (TRUST_PROXY), so each call can come from an address of
 * its own through X-Forwarded-For.
 */
const testApp = useTestApp({ trustProxy: ['127.0.0.1'] });

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('GET /data/geo/country', () => {
  it("answers the country of the caller's address from the offline database", async () => {
    const { status, body } = await call<GeoCountryAnswer>(testApp.baseUrl, GEO_COUNTRY_PATH, from('81.2.69.142'));
    expect(status).toBe(200);
    expect(body).toEqual({ data: { country: 'GB' }, errors: [], maintenance: false });
    expect((await call<GeoCountryAnswer>(testApp.baseUrl, GEO_COUNTRY_PATH, from('8.8.8.8'))).body.data).toEqual({
      country: 'US',
    });
  });

  it('answers null for an address it cannot place (local or private)', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '::1']) {
      const { status, body } = await call<GeoCountryAnswer>(testApp.baseUrl, GEO_COUNTRY_PATH, from(address));
      expect(status).toBe(200);
      expect(body.data).toEqual({ country: null });
    }
  });

  it('agrees with the country /data/start gives the same address', async () => {
    const start = await call<StartAnswer>(testApp.baseUrl, '/data/start', from('81.2.69.142'));
    expect(start.body.data?.visitorCountry).toBe('GB');
  });
});

describe('the cookie-consent country lists in /data/start', () => {
  it('are the seeded lists on a new site', async () => {
    const { body } = await call<StartAnswer>(testApp.baseUrl, '/data/start');
    expect(body.data?.website.consentCountries).toEqual(DEFAULT_CONSENT_COUNTRIES);
  });

  it('follow a change of the website settings without a restart', async () => {
    await testApp.db.query(
      `UPDATE website_settings SET cookie_law_countries = $1, revocable_consent_countries = $2, explicit_consent_countries = $3`,
      [['FR', 'US'], ['US'], []],
    );
    await eventually(async () => {
      const { body } = await call<StartAnswer>(testApp.baseUrl, '/data/start');
      expect(body.data?.website.consentCountries).toEqual({ cookieLaw: ['FR', 'US'], revocable: ['US'], explicitAction: [] });
    });
  });
});
