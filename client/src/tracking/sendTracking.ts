import { createTrackingTransport } from './trackingTransport.js';
import { currentDataDomain } from '../api/dataDomain.js';

/** The browser's tracking transport. */
export const sendTracking = createTrackingTransport({
  fetch: (input, init) => window.fetch(input, init),
  dataDomain: currentDataDomain(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
});
