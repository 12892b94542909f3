import { HEALTH_ENDPOINTS } from '../../shared/health/health.js';
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
