import { createHash } from 'node:crypto';

/**
 * What a deployment's entries in a shared Redis start with (Socket.IO's channels, the rate-limit
 * counters). It is derived from the database, so the processes of one app (one database) share
 * them and other apps using the same Redis do not.
 */
export function deploymentKey(databaseUrl: string): string {
  return `surfex:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}`;
}
