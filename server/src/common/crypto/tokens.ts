import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable URL-safe secret (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a leaked table yields no usable token. */
export function sha256(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** The same SHA-256 in hex, in one call: far cheaper than a digest Buffer turned into hex (per-request cache keys). */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
