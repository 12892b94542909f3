/**
 * How the client waits out a server that is briefly unavailable (503, e.g. while its database
 * restarts) or unreachable: growing waits, at least what the server asked for (`retryAfter`),
 * never one longer than MAX_DELAY_MS, and no retry once RETRY_BUDGET_MS of waiting is spent.
 */
export const RETRY_BUDGET_MS = 30_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** The wait before retry number `attempt + 1`, or null when it would overrun the budget. */
export function retryDelay(attempt: number, waitedMs: number, retryAfterSeconds: number | undefined): number | null {
  const backoff = FIRST_DELAY_MS * 2 ** attempt;
  const delay = Math.min(MAX_DELAY_MS, Math.max(backoff, (retryAfterSeconds ?? 0) * 1000));
  return waitedMs + delay > RETRY_BUDGET_MS ? null : delay;
}
