import { test as base, expect } from '@playwright/test';
import pg from 'pg';
import { CONSENT_COOKIE } from '../../shared/consent/consent.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';

export interface WebsiteColumns {
  name?: string;
  signups?: boolean;
  maintenance?: boolean;
  company_registration?: string;
}

export interface AppUnderTest {
  url: string;
  /** A client on this worker's database, for arranging and checking state. */
  db: pg.Client;
  /** Changes website settings and waits until the server answers with them. */
  setWebsite(columns: WebsiteColumns): Promise<void>;
}

/**
 * The worker fixture: one server process (with `env` on top of the defaults) on a database of
 * its own; tests in a worker run one after another. Files that need other server settings
 * extend the base test with their own `appFixture(env)`.
 */
export function appFixture(
  env: Record<string, string> = {},
  databasePrefix = 'e2e',
): [(args: object, use: (app: AppUnderTest) => Promise<void>) => Promise<void>, { scope: 'worker' }] {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use: (app: AppUnderTest) => Promise<void>) => {
      const adminUrl = process.env.DATABASE_URL;
      if (!adminUrl) throw new Error('DATABASE_URL is not set: run the e2e tests through `npm test`');
      const database: TestDatabase = await createTestDatabase(adminUrl, databasePrefix);
      // Many members sign up from one address in a worker: raise the per-address limits.
      const server: ServerProcess = await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '50', ...env });
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      const setWebsite = async (columns: WebsiteColumns) => {
        const names = Object.keys(columns);
        const values = Object.values(columns);
        await db.query(`UPDATE website_settings SET ${names.map((n, i) => `${n} = $${i + 1}`).join(', ')} WHERE id = 1`, values);
        await expect
          .poll(async () => {
            const body = await (await fetch(`${server.url}/data/start`)).json();
            const website = {
              ...body.data.website,
              maintenance: body.maintenance,
              company_registration: body.data.website.companyRegistration,
            };
            return names.every((name, i) => website[name] === values[i]);
          })
          .toBe(true);
      };
      await use({ url: server.url, db, setWebsite });
      await db.end();
      await server.stop();
      await database.drop();
    },
    { scope: 'worker' },
  ];
}

/**
 * Every browser context of a test (the page's and those made with `browser.newContext()`) starts
 * as a visitor who has allowed cookies, so the consent banner stays out of the way of tests about
 * other screens; cookie-consent.e2e.ts starts without an answer.
 */
export function answeredConsent(appUrl: string) {
  const consent = {
    name: CONSENT_COOKIE,
    value: 'allow',
    domain: new URL(appUrl).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  return { cookies: [consent], origins: [] };
}

export const test = base.extend<object, { app: AppUnderTest }>({
  app: appFixture(),
  baseURL: async ({ app }, use) => use(app.url),
  storageState: async ({ app }, use) => use(answeredConsent(app.url)),
});

export { expect };
