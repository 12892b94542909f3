export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key (hex, 32 characters); crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per user action: a retry after a lost answer (no status, or a 5xx) of the same action
 * reuses the key, anything else gets a new one.
 */
export function createActionKeys() {
  let pending: { action: string; key: string } | null = null;
  return {
    keyFor(action: string): string {
      if (pending?.action !== action) pending = { action, key: newIdempotencyKey() };
      return pending.key;
    },
    settled(status: number): void {
      if (status !== 0 && status < 500) pending = null;
    },
  };
}
