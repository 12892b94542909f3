import { dataDomainFor } from '@shared/hosts/hosts.js';

/** Prepended to every /data path this page calls (the API, tracking, the country lookup, checkout forms). */
export function currentDataDomain(): string {
  // The server drawing a visitor's page (renderServerPage) imports the API client but calls nothing.
  if (typeof window === 'undefined') return '';
  return dataDomainFor(window.location.hostname, {
    dataDomain: import.meta.env.VITE_DATA_DOMAIN,
    devDataDomain: import.meta.env.VITE_DEV_DATA_DOMAIN,
  });
}
