import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations/index.js';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/app-config.js';
import { ENTITIES } from './entities.js';
import { observedPg } from '../database/observed-pool.js';
import { TRIGRAM_CONNECTION_OPTIONS } from '../user-search/trigram-threshold.js';

/** The one DataSource configuration used by the app, the migration CLI and the tests. */
export function dataSourceOptions(url: string, poolSize = DEFAULT_DATABASE_POOL_SIZE): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    // UUIDs come from gen_random_uuid() (built into PostgreSQL since 13), as in the migrations: the
    // app installs no extension, and a generated migration writes the same default.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    synchronize: false,
    logging: ['error'],
    // node-postgres whose pool marks the failures of its connections, which answer 503 rather
    // than 500 (observed-pool.ts, common/errors/database-unavailable.ts).
    driver: observedPg,
    // A database that does not answer fails a call in 5 s (503, see database-unavailable.ts)
    // instead of holding it for the operating system's connect timeout, minutes.
    // Every connection starts with the user search's trigram threshold (trigram-threshold.ts).
    extra: { max: poolSize, connectionTimeoutMillis: 5_000, options: TRIGRAM_CONNECTION_OPTIONS },
  };
}
