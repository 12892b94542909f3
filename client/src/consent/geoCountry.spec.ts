import { GEO_COUNTRY_PATH } from '@shared/consent/consent.js';
import { fetchGeoCountry, type GeoCountryEnvironment } from './geoCountry.js';

function environment(fetch: GeoCountryEnvironment['fetch']): GeoCountryEnvironment {
  return {
    fetch,
    dataDomain: 'https://data.example',
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe("the fallback country call (the app's own server, never a third party)", () => {
  it("answers the country the app's server found", async () => {
    const urls: string[] = [];
    const country = await fetchGeoCountry(
      environment((input) => {
        urls.push(String(input));
        return answer({ data: { country: 'DE' }, errors: [], maintenance: false });
      }),
      5000,
    );
    expect(country).toBe('DE');
    expect(urls).toEqual([`https://data.example${GEO_COUNTRY_PATH}`]);
  });

  it('gives up after the time-out and leaves the country unknown', async () => {
    let aborted = false;
    const started = Date.now();
    const country = await fetchGeoCountry(
      environment(
        (_input, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('aborted', 'AbortError'));
            }),
          ),
      ),
      50,
    );
    expect(country).toBeNull();
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('leaves the country unknown on a failure, an error status or an unreadable answer', async () => {
    expect(
      await fetchGeoCountry(
        environment(() => Promise.reject(new TypeError('offline'))),
        5000,
      ),
    ).toBeNull();
    expect(
      await fetchGeoCountry(
        environment(() => answer({ data: null, errors: [] }, 503)),
        5000,
      ),
    ).toBeNull();
    expect(
      await fetchGeoCountry(
        environment(() => answer({ data: { country: null } })),
        5000,
      ),
    ).toBeNull();
    expect(
      await fetchGeoCountry(
        environment(() => answer({ data: { country: 'not a code' } })),
        5000,
      ),
    ).toBeNull();
    expect(
      await fetchGeoCountry(
        environment(() => Promise.resolve(new Response('<html>'))),
        5000,
      ),
    ).toBeNull();
  });
});
