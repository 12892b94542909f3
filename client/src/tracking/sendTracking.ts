import { createTrackingTransport } from './trackingTransport.js';

/** The browser's tracking transport. */
export const sendTracking = createTrackingTransport({
  fetch: (input, init) => window.fetch(input, init),
  dataDomain: import.meta.env.VITE_DATA_DOMAIN ?? '',
  setTimeout: (run, ms) => window.setTimeout(run, ms),
});
