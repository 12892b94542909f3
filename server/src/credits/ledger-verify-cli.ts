/**
 * `npm run ledger:verify`: proves over the whole database that every member's, campaign's and team's
 * balance equals the sum of its ledger rows and that no idempotency key was used twice.
 * Exits 1 and lists the differences otherwise. Uses DATABASE_URL or the embedded PostgreSQL.
 */
import pg from 'pg';
import { loadConfig } from '../config/app-config.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { findLedgerMismatches } from './credits.repository.js';

async function main(): Promise<number> {
  const database = await resolveDatabase(loadConfig());
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await findLedgerMismatches(async (sql) => (await client.query(sql)).rows);
    const ok =
      result.users.length === 0 && result.campaigns.length === 0 && result.teams.length === 0 && result.duplicateKeys === 0;
    console.log(JSON.stringify({ ok, ...result }, null, 2));
    return ok ? 0 : 1;
  } finally {
    await client.end();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
