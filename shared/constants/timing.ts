/** Timing constants of the client: throttles, retries, time-outs. */
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LAZY_SCREEN_MAX_RETRIES = 10;
/** Attempt N waits N seconds before it runs. */
export const lazyScreenRetryDelayMs = (attempt: number): number => attempt * 1000;
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** Post view tracking's scroll and resize handlers run at most this often. */
export const VIEW_TRACKING_THROTTLE_MS = 500;
export const POST_FULL_VIEW_MS = 2000;
export const VISIT_UPDATE_INTERVAL_MS = 5000;
export const VISIT_COOKIE_DAYS = 1 / 48;
export const VISITOR_COOKIE_DAYS = 3650;

export const CONSENT_COOKIE_DAYS = 365;
export const CONSENT_REVOKE_HOVER_THROTTLE_MS = 200;
export const GEOLOCATION_TIMEOUT_MS = 5000;
