import { resolve } from 'node:path';
import type { AppConfig } from '../config/app-config.js';

const DEFAULT_POSTGRES_PORT = '5432';

/**
 * The database in use, as the start-up line names it: the embedded PostgreSQL and its data
 * folder, or the DATABASE_URL server and database. Never the user or password: logs are shared.
 */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'embeddedPg'>): string {
  if (!config.databaseUrl)
    return `embedded PostgreSQL, data in ${resolve(config.embeddedPg.dir)} (port ${config.embeddedPg.port})`;
  let url: URL;
  try {
    url = new URL(config.databaseUrl);
  } catch {
    return 'PostgreSQL from DATABASE_URL';
  }
  // libpq also reads the host (a socket folder, say) and the database from the query string.
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(url.pathname.slice(1)) || url.searchParams.get('dbname');
  const server = `PostgreSQL at ${host}:${url.port || DEFAULT_POSTGRES_PORT}`;
  return database ? `${server}, database ${database}` : `${server}, its default database`;
}
