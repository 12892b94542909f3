import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import type { AppConfig } from '../../server/src/config/app-config.js';
import { closeAllSockets } from './socket-client.js';
import { adminDatabaseUrl, serverErrors, startTestApp, type TestApp } from './test-app.js';
import { planTestDatabase, type TestDatabase } from './test-postgres.js';

/** The app of a test file, as its tests and hooks read it. */
export interface TestAppInUse {
  /** The Nest application (read in a hook or a test: it starts in beforeAll). */
  readonly app: NestFastifyApplication;
  /** Where it listens, `http://127.0.0.1:<port>` (read in a hook or a test). */
  readonly baseUrl: string;
  /** The configuration it runs with (read in a hook or a test). */
  readonly config: AppConfig;
  /** The database of its own. */
  readonly database: TestDatabase;
  /** A client on that database for arranging and checking state, connected before the first test. */
  readonly db: pg.Client;
}

export interface UseTestAppOptions {
  /** Checks of the file's own, run after every test once the common ones have passed. */
  afterEach?: (testApp: TestAppInUse) => Promise<void>;
  /**
   * The address the app reaches its database by, given the database's own (e.g. through a proxy
   * the file cuts to take the database away); `db` always connects directly.
   */
  appDatabaseUrl?: (databaseUrl: string) => Promise<string>;
  /** Overrides known only once the file's hooks run (e.g. the address of a proxy started then); applied last. */
  startOverrides?: () => Promise<Partial<AppConfig>>;
}

/**
 * The set-up every integration and socket test file shares, registered as Jest hooks in the
 * calling scope: an app of its own on its own database (`overrides` on top of the test
 * configuration, with per-address limits raised 50 times unless a file sets its own), started
 * before the first test and closed after the last. After every test, every socket the test
 * opened is closed and no request of the test was answered with a server error (5xx);
 * `options.afterEach` adds a file's own checks.
 *
 * `db` and `database` exist at once (the database is made in beforeAll), so a file may write
 * `const { db } = useTestApp()`; `app`, `baseUrl` and `config` exist from beforeAll on.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}, options: UseTestAppOptions = {}): TestAppInUse {
  const database = planTestDatabase(adminDatabaseUrl(), 'it');
  const db = new pg.Client({ connectionString: database.url });
  let started: TestApp | undefined;
  const running = (): TestApp => {
    if (!started) throw new Error('the test app starts in beforeAll: read it inside a hook or a test');
    return started;
  };
  const testApp: TestAppInUse = {
    database,
    db,
    get app() {
      return running().app;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    get config() {
      return running().config;
    },
  };

  beforeAll(async () => {
    const databaseUrl = await options.appDatabaseUrl?.(database.url);
    const atStart = await options.startOverrides?.();
    started = await startTestApp(
      { rateLimitFactor: 50, ...overrides, ...(databaseUrl ? { databaseUrl } : {}), ...atStart },
      database,
    );
    await db.connect();
  });

  afterEach(async () => {
    closeAllSockets();
    expect(serverErrors.splice(0)).toEqual([]);
    await options.afterEach?.(testApp);
  });

  // Closing lets the jobs under way finish and drops the database: on a loaded machine that can
  // take longer than a test's own limit.
  afterAll(async () => {
    await db.end();
    await (started ? started.close() : database.drop());
  }, 90_000);

  return testApp;
}
