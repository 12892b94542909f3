import type pg from 'pg';
import type { AppConfig } from '../../server/src/config/app-config.js';
import { connectDatabase } from './accounts.js';
import { closeAllSockets } from './socket-client.js';
import { expectLedgerBalanced, pauseEveryCampaign, surfServerErrors } from './surf-fixtures.js';
import { serverErrors, startTestApp, type TestApp } from './test-app.js';

/**
 * The set-up every campaign and surf test file shares: an app of its own (generous rate limits,
 * `overrides` for the surf settings under test) and, after every test, the checks each test ends
 * with: sockets closed, the ledger balanced, no server error over HTTP or socket, and every
 * campaign paused so the next test's viewers see only the posts it creates.
 * `ready` receives the app and a database client once they are up.
 */
export function useSurfTestApp(overrides: Partial<AppConfig>, ready: (app: TestApp, db: pg.Client) => void): void {
  let app: TestApp | undefined;
  let db: pg.Client | undefined;

  beforeAll(async () => {
    app = await startTestApp({ rateLimitFactor: 50, ...overrides });
    db = await connectDatabase(app.database.url);
    ready(app, db);
  });

  afterEach(async () => {
    closeAllSockets();
    await expectLedgerBalanced(db!);
    expect(serverErrors.splice(0)).toEqual([]);
    expect(surfServerErrors.splice(0)).toEqual([]);
    await pauseEveryCampaign(db!);
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
  });
}
