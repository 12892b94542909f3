import { randomBytes } from 'node:crypto';

/**
 * Request ids: unique per process start and ordered, without a random UUID per request (the
 * ids only tie log lines and error answers together; they are not secrets).
 */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return () => `${prefix}-${(++next).toString(36)}`;
}
