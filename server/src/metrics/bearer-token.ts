import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Whether an Authorization header carries `Bearer <token>` with exactly `expected`. Both sides are
 * hashed first, so the comparison takes the same time whatever the guess, its length included.
 */
export function bearerTokenMatches(authorization: string | undefined, expected: string): boolean {
  const presented = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (presented === undefined) return false;
  return timingSafeEqual(sha256(presented), sha256(expected));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
