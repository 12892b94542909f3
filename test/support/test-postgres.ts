import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Each test file (or e2e worker) gets a database of its own on the server of DATABASE_URL,
 * so files run in parallel. `npm test` provides DATABASE_URL (the embedded server when unset).
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database still to be made: its name and URL are fixed at once, `create` makes it. */
export interface PlannedTestDatabase extends TestDatabase {
  create(): Promise<void>;
}

export function planTestDatabase(adminUrl: string, prefix: string): PlannedTestDatabase {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`)).then(() => undefined),
    drop: () =>
      withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

export async function createTestDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  const database = planTestDatabase(adminUrl, prefix);
  await database.create();
  return database;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
