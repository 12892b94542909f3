import { createHmac } from 'node:crypto';

/** A source of numbers in [0, 1): the challenge picture draws every choice it makes from one. */
export type Random = () => number;

/**
 * The seed of a ticket's challenge picture: an HMAC of the ticket id under the server's secret.
 * The same ticket always gets the same picture, so asking again shows nothing new to vote over,
 * and without the secret nobody can tell the picture's choices from the ticket id.
 */
export function challengeSeed(secret: string, ticketId: string): Buffer {
  return createHmac('sha256', secret).update(`surf-challenge-picture:${ticketId}`).digest();
}

/**
 * A deterministic generator seeded with the first 128 bits of `seed` (sfc32: small, fast and
 * well mixed; the secrecy lies in the seed, which a new ticket draws anew).
 */
export function seededRandom(seed: Buffer): Random {
  if (seed.length < 16) throw new Error('A challenge seed needs at least 16 bytes');
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  // The first outputs still echo the seed's words: let the state mix first.
  for (let i = 0; i < 12; i++) next();
  return next;
}
