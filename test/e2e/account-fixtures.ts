import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';
import { expect, test as base, type AppUnderTest, type WebsiteColumns } from './fixtures.js';

/**
 * The account tests sign up and log in many members from one address (127.0.0.1), more than
 * the server's per-address limits allow in an hour at the default RATE_LIMIT_FACTOR=1. This
 * replaces the worker's `app` with one whose server runs with the limits scaled up by 50;
 * everything else (own database, `db`, `setWebsite`) is as in fixtures.ts.
 */
export const test = base.extend<object, { app: AppUnderTest }>({
  app: [
    async ({}, use) => {
      const adminUrl = process.env.DATABASE_URL;
      if (!adminUrl) throw new Error('DATABASE_URL is not set: run the e2e tests through `npm test`');
      const database: TestDatabase = await createTestDatabase(adminUrl, 'e2eacc');
      const server: ServerProcess = await startServerProcess({ DATABASE_URL: database.url, RATE_LIMIT_FACTOR: '50' });
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      const setWebsite = async (columns: WebsiteColumns) => {
        const names = Object.keys(columns);
        const values = Object.values(columns);
        await db.query(`UPDATE website_settings SET ${names.map((n, i) => `${n} = $${i + 1}`).join(', ')} WHERE id = 1`, values);
        await expect
          .poll(async () => {
            const body = await (await fetch(`${server.url}/data/start`)).json();
            const website = { ...body.data.website, maintenance: body.maintenance, company_registration: body.data.website.companyRegistration };
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
  ],
});

export { expect };
