import type { Dependency } from '../health/health.js';
import type { ErrorCode } from './error-codes.js';

/**
 * One error item of the /data envelope. `heading` and `message` are for people; `code` and
 * the typed fields are what code reads.
 */
export interface ApiError {
  code: ErrorCode;
  heading: string;
  message: string;
  link?: string;
  /** `validation`: the refused field's path in the payload ("username", "images.0"). */
  field?: string;
  /** `rate_limited`, `unavailable`, `shutting_down`: seconds until a retry may succeed. */
  retryAfter?: number;
  /** `unavailable` from the readiness check: the dependency that did not answer. */
  dependency?: Dependency;
  /** `active_campaigns_limit`: how many campaigns the account may run at once. */
  limit?: number;
}

/** Every /data answer has this shape, success or failure. */
export interface Envelope<T> {
  data: T | null;
  errors: ApiError[];
  maintenance: boolean;
}
