import { DataSource } from 'typeorm';
import type { Envelope } from '../../shared/api/envelope.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { XHR_HEADER, XHR_HEADER_VALUE } from '../../shared/api/headers.js';
import { HEALTH_ENDPOINTS } from '../../shared/health/health.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server/src/common/errors/database-unavailable.js';
import { eventually } from '../support/eventually.js';
import { useTestApp } from '../support/use-test-app.js';

const POOL_SIZE = 2;
const testApp = useTestApp({ databasePoolSize: POOL_SIZE });

/** The app's connections to its database, as PostgreSQL lists them: its query pool's, and its LISTEN connections. */
async function appConnections(): Promise<{ listening: number; querying: number }> {
  const { rows } = await testApp.db.query<{ query: string }>(
    `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const listening = rows.filter((row) => /^LISTEN /i.test(row.query)).length;
  return { listening, querying: rows.length - listening };
}

it('holds at most DATABASE_POOL_SIZE query connections, however many requests need the database at once', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${testApp.baseUrl}${HEALTH_ENDPOINTS.ready}`)));
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  const { listening, querying } = await appConnections();
  expect(querying).toBeGreaterThan(0);
  expect(querying).toBeLessThanOrEqual(POOL_SIZE);
  expect(listening).toBeGreaterThan(0);
});

it('answers 503 unavailable with Retry-After, in bounded time, when every connection of the pool is held by long queries', async () => {
  const dataSource = testApp.app.get(DataSource);
  const sleeps = Array.from({ length: POOL_SIZE }, () => dataSource.query(`SELECT pg_sleep(9)`));
  await eventually(async () => expect((await appConnections()).querying).toBe(POOL_SIZE), 5000);

  const askedAt = Date.now();
  const response = await fetch(`${testApp.baseUrl}/data/auth/login`, {
    method: 'POST',
    headers: { accept: 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE, 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'nobody', password: 'not a password' }),
  });
  const body = (await response.json()) as Envelope<null>;
  expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
    status: 503,
    retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
  });
  expect(body.errors).toEqual([
    expect.objectContaining({ code: ErrorCode.Unavailable, retryAfter: DATABASE_RETRY_AFTER_SECONDS }),
  ]);
  // The pool's connection time-out (5 s), not a hang.
  expect(Date.now() - askedAt).toBeLessThan(7000);
  await Promise.all(sleeps);
}, 30_000);
