import pg from 'pg';
import { signUp, type TestMember } from '../support/accounts.js';
import { databaseCalls as databaseCallsOf, expectDatabaseUnavailable } from '../support/database-calls.js';
import { eventually } from '../support/eventually.js';
import { captureErrorLog } from '../support/error-log.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { adminDatabaseUrl } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * The app's database itself refuses it, as PostgreSQL does during maintenance: `ALTER DATABASE
 * … ALLOW_CONNECTIONS false` and every backend of the app ended. Each new connection is then
 * refused by the server (FATAL, SQLSTATE 55000), not by the network: every call that needs the
 * database answers 503 `unavailable` with Retry-After, never a 500 nor an error log line, and
 * the same calls succeed once the database takes connections again.
 */
let member: TestMember;
let tab: TestSocket;
let admin: pg.Client;
const errorLog = captureErrorLog();

const testApp = useTestApp({}, { afterEach: async () => expect(errorLog.lines.splice(0)).toEqual([]) });

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  member = await signUp(testApp.baseUrl);
  tab = await connectSocket(testApp.baseUrl, member.browser);
});

afterAll(async () => {
  await admin.end();
  errorLog.stop();
});

function databaseName(): string {
  return new URL(testApp.database.url).pathname.slice(1);
}

async function allowConnections(allow: boolean): Promise<void> {
  await admin.query(`ALTER DATABASE "${databaseName()}" ALLOW_CONNECTIONS ${allow}`);
}

/** Ends every backend of the app on its database (the test's own `db` stays). */
async function endAppBackends(): Promise<number> {
  const own = (await testApp.db.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
  const { rows } = await admin.query<{ ended: boolean }>(
    `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> $2`,
    [databaseName(), own],
  );
  return rows.filter((row) => row.ended).length;
}

const databaseCalls = () => databaseCallsOf(testApp.baseUrl, member, tab);

it('answers 503 unavailable with Retry-After while the database does not accept connections, and recovers after', async () => {
  for (const { name, send } of databaseCalls()) {
    expect({ name, status: (await send()).status }).toEqual({ name, status: 200 });
  }

  await allowConnections(false);
  try {
    expect(await endAppBackends()).toBeGreaterThan(0);
    await expectRefusedFor(3000);
  } finally {
    await allowConnections(true);
  }

  await eventually(async () => {
    for (const { name, send } of databaseCalls()) {
      expect({ name, status: (await send()).status }).toEqual({ name, status: 200 });
    }
  }, 10_000);
}, 30_000);

/** Round after round for `ms`, as members keep calling during the outage: every answer is a 503. */
async function expectRefusedFor(ms: number): Promise<void> {
  const until = Date.now() + ms;
  do {
    for (const call of databaseCalls()) await expectDatabaseUnavailable(call, /accepting|55000|postgres/i);
  } while (Date.now() < until);
}
