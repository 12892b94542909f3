import { XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';

/** A refused (503) or lost call is tried once more after this wait, then dropped. */
export const TRACKING_RETRY_DELAY_MS = 15_000;

export interface TrackingSendOptions {
  /** The request outlives the page (sent while the page is hidden or left). */
  keepalive?: boolean;
  /** One later retry when the server is unavailable or unreachable. */
  retry?: boolean;
}

export type TrackingSend = (method: 'POST' | 'PUT', path: string, body: unknown, options?: TrackingSendOptions) => void;

export interface TrackingTransportEnvironment {
  fetch: typeof fetch;
  dataDomain: string;
  setTimeout(run: () => void, ms: number): unknown;
}

/**
 * Sends tracking calls silently: no notification, no redirect, no error page, whatever the
 * answer. The app's API client is not used because it shows an envelope's errors and retries an
 * unavailable server again and again; a measurement is worth one retry at most.
 */
export function createTrackingTransport(env: TrackingTransportEnvironment): TrackingSend {
  const attempt = (url: string, init: RequestInit, retry: boolean) => {
    const again = () => {
      if (retry) env.setTimeout(() => attempt(url, init, false), TRACKING_RETRY_DELAY_MS);
    };
    let sent: Promise<Response>;
    try {
      sent = env.fetch(url, init);
    } catch {
      return again();
    }
    sent.then((response) => (response.status === 503 ? again() : undefined), again);
  };
  return (method, path, body, options = {}) => {
    const init: RequestInit = {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE },
      body: JSON.stringify(body),
      credentials: 'include',
      keepalive: options.keepalive === true,
    };
    attempt(env.dataDomain + path, init, options.retry === true && !options.keepalive);
  };
}
