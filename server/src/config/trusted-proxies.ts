import { isIP } from 'node:net';

/**
 * The proxies whose word the app takes for a client's address, as Fastify's `trustProxy` reads
 * them: `false` (none: the address is the connection's peer) or their addresses and CIDR ranges.
 *
 * Fastify then gives every request one client address, `request.ip`: walking X-Forwarded-For from
 * the right, it skips the entries written by trusted proxies and stops at the first one a trusted
 * proxy received from someone else. Every rule keyed on an address (the per-address rate limits,
 * the session's address the surf anti-cheat compares, the visitor's country) reads `request.ip`
 * and nothing else; a socket's own peer address (`handshake.address`) is the proxy's, never the
 * client's.
 */
export type TrustedProxies = false | string[];

/** proxy-addr's names for the usual private ranges (loopback, 169.254/16 and fe80::/10, 10/8, 172.16/12, 192.168/16, fc00::/7). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Reads TRUST_PROXY: unset, empty or `false` for no proxy; otherwise a comma-separated list of the
 * proxies' addresses, CIDR ranges (`10.0.0.0/24`, `fd00::/8`) or the names above. Throws with the
 * reason for anything else, `true` and hop counts included: trusting every hop lets any client
 * write its own address, and a hop count cannot tell a proxy from a client that reaches the app's
 * port directly (Fastify trusts no one for a count).
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true')
    throw new Error(
      'true would take any address a client writes in X-Forwarded-For; name the proxies in front of the app instead ' +
        '(their addresses or CIDR ranges, e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/24), or false for none',
    );
  if (/^\d+$/.test(text))
    throw new Error(
      `a hop count (${text}) cannot tell a proxy from a client that reaches the app directly; name the proxies ` +
        'in front of the app instead (their addresses or CIDR ranges, e.g. TRUST_PROXY=10.0.0.5)',
    );
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (bad.length > 0)
    throw new Error(
      `${bad.map((entry) => JSON.stringify(entry)).join(', ')} is not an address, a CIDR range or one of ${RANGE_NAMES.join(', ')}`,
    );
  return entries;
}

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
