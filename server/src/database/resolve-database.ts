import type { AppConfig } from '../config/app-config.js';
import { startEmbeddedPostgres, type RunningDatabase } from './embedded-postgres.js';

/** DATABASE_URL when set; otherwise the embedded PostgreSQL, started now. */
export async function resolveDatabase(config: AppConfig): Promise<RunningDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  return startEmbeddedPostgres(config.embeddedPg.dir, config.embeddedPg.port);
}
