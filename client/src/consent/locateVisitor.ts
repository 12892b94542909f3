import { GEOLOCATION_TIMEOUT_MS } from '@shared/constants/timing.js';
import { visitorCountryAtom } from '../sessions/visitorCountryAtom.js';
import { appStore } from '../state/store.js';
import { fetchGeoCountry } from './geoCountry.js';
import { visitorCountrySettledAtom } from './visitorCountrySettledAtom.js';
import { currentDataDomain } from '../api/dataDomain.js';

let asking = false;

/**
 * Takes the country /data/start found for the visitor; when it found none, asks the fallback
 * call once per page load. A later /data/start (a session reload) without a country keeps the
 * one already found.
 */
export function applyVisitorCountry(fromStart: string | null): void {
  if (fromStart !== null) {
    appStore.set(visitorCountryAtom, fromStart);
    appStore.set(visitorCountrySettledAtom, true);
    return;
  }
  if (appStore.get(visitorCountrySettledAtom) || asking) return;
  asking = true;
  void fetchGeoCountry(
    {
      fetch: (input, init) => window.fetch(input, init),
      dataDomain: currentDataDomain(),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    },
    GEOLOCATION_TIMEOUT_MS,
  ).then((country) => {
    asking = false;
    if (appStore.get(visitorCountrySettledAtom)) return;
    appStore.set(visitorCountryAtom, country);
    appStore.set(visitorCountrySettledAtom, true);
  });
}
