import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The member and Idempotency-Key of the keyed request being handled. */
interface KeyedRequestScope {
  userId: number;
  key: string;
}

const keyedRequest = new AsyncLocalStorage<KeyedRequestScope>();

/** Runs `work` as the handling of the member's keyed request (see ledgerKeyOfRequest). */
export function runAsKeyedRequest<T>(scope: KeyedRequestScope, work: () => Promise<T>): Promise<T> {
  return keyedRequest.run(scope, work);
}

/**
 * The ledger key of an `operation` a member asked for: within a keyed request it is made of the
 * member and their Idempotency-Key, so handling the same request again (a retry taken up after its
 * process died before answering) finds the key used and moves nothing twice; otherwise a new one.
 */
export function ledgerKeyOfRequest(operation: string): string {
  const scope = keyedRequest.getStore();
  return scope ? `${operation}:request:${scope.userId}:${scope.key}` : `${operation}:${randomUUID()}`;
}
