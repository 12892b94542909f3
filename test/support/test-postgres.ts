import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Each test file (or e2e worker) gets a database of its own on the server of DATABASE_URL,
 * so files run in parallel. `npm test` provides DATABASE_URL (the embedded server when unset)
 * and TEST_TEMPLATE_DATABASE, a database it migrated once from this run's build: a database
 * that starts `migrated` is a copy of it, and the app finds nothing to migrate. Without it
 * (Jest run by hand) every database starts empty and the app migrates it as it starts.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database still to be made: its name and URL are fixed at once, `create` makes it. */
export interface PlannedTestDatabase extends TestDatabase {
  create(): Promise<void>;
}

/** `empty`: for what tests migrating itself (the migrations, the SQL definitions, a first start). */
export type StartingPoint = 'migrated' | 'empty';

export function planTestDatabase(adminUrl: string, prefix: string, from: StartingPoint = 'migrated'): PlannedTestDatabase {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const template = from === 'migrated' ? process.env.TEST_TEMPLATE_DATABASE : undefined;
  const create = template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`;
  return {
    url: url.toString(),
    create: () => withClient(adminUrl, (client) => client.query(create)).then(() => undefined),
    drop: () =>
      withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

export async function createTestDatabase(
  adminUrl: string,
  prefix: string,
  from: StartingPoint = 'migrated',
): Promise<TestDatabase> {
  const database = planTestDatabase(adminUrl, prefix, from);
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
