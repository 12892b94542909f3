import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiResult } from './apiClient.js';

/** A random key (hex, 32 characters); crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per user action: a retry of the same action after a lost answer (no status, a 5xx) or
 * while the server is still handling the first try reuses the key, so the server answers it once;
 * anything else gets a new one.
 */
export function createActionKeys() {
  let pending: { action: string; key: string } | null = null;
  return {
    keyFor(action: string): string {
      if (pending?.action !== action) pending = { action, key: newIdempotencyKey() };
      return pending.key;
    },
    settled({ status, errors }: Pick<ApiResult<unknown>, 'status' | 'errors'>): void {
      const unanswered = status === 0 || status >= 500 || errors.some((error) => error.code === ErrorCode.IdempotencyKeyInUse);
      if (!unanswered) pending = null;
    },
  };
}

export type ActionKeys = ReturnType<typeof createActionKeys>;
