// What the PostgreSQL-alone diagnostics (claim-chains.mjs, rules-compare.mjs) share: the app's
// bench-mode parameters for surf_next / surf_claim, and a bench database migrated from dist/ and
// seeded as bench/surf/run.mjs seeds it (viewers, owners, one campaign per post whose credits came
// through ledger rows, so the ledger check holds from the start).
import { randomInt, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { insertMembersWithSessions } from '../../fanout/lib/common.mjs';

/** The app's parameters in bench mode (SurfService.offerParams, bench/surf/README.md's settings). */
export const RULES = {
  timer: 0,
  daily_cap: 1_000_000_000,
  newcomer_cap: 1_000_000_000,
  review_minutes: 1440,
  challenges: false,
  challenge_at: 50,
  block_at: 150,
  answers_kept: 5,
  wrong_codes_to_stop: 3,
  accounts_per_address: 4,
};

export const challenge = () => String(randomInt(1e6)).padStart(6, '0');

export const SURF_NEXT = { name: 'surf_next', text: 'SELECT surf_next($1::jsonb) AS answer' };
export const SURF_CLAIM = { name: 'surf_claim', text: 'SELECT surf_claim($1::jsonb) AS answer' };

/** surf_next's and surf_claim's parameters for one viewer, as the app sends them. */
export const offerParams = (viewer) => ({
  user: viewer.userId,
  connection: viewer.connection,
  ...RULES,
  challenge: challenge(),
  now: new Date(),
});

/** The versioned migrations, then the SQL definitions, from dist/ (run `npm run build` first). */
export async function migrate(url) {
  const { DataSource } = await import('typeorm');
  const { MIGRATIONS } = await import(pathToFileURL(resolve('dist/migrations/index.js')).href);
  const { migrateDatabase } = await import(pathToFileURL(resolve('dist/server/src/schema/sql-definitions.js')).href);
  const dataSource = new DataSource({ type: 'postgres', url, migrations: MIGRATIONS, migrationsTableName: 'migrations' });
  await dataSource.initialize();
  await migrateDatabase(dataSource, 'each');
  await dataSource.destroy();
}

/**
 * `clients` viewers and `owners` owners with sessions, `campaigns` posts each with a campaign of
 * `creditsPerCampaign` credits granted and assigned through the ledger; then `VACUUM ANALYZE`
 * (`vacuum`) or `ANALYZE`. Answers the viewers, each with a tab's connection id.
 */
export async function seed(client, { clients, owners, campaigns, creditsPerCampaign }, { vacuum }) {
  const viewers = await insertMembersWithSessions(client, { count: clients, prefix: 'viewer' });
  const owning = await insertMembersWithSessions(client, { count: owners, prefix: 'owner' });
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO posts (user_id, text, link, language, tags)
     SELECT ($1::int[])[1 + i % cardinality($1::int[])], 'Bench post ' || i || ': a short text with a link.',
            'https://example.com/bench/' || i, 'en', ARRAY['bench']
       FROM generate_series(1, $2) i`,
    [owning.map((o) => o.userId), campaigns],
  );
  await client.query(`INSERT INTO campaigns (post_id, user_id) SELECT id, user_id FROM posts`);
  await client.query(
    `INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
     SELECT 'user', p.user_id, NULL, 'admin_adjustment', $1::bigint, 'bench:grant:' || p.id FROM posts p
     UNION ALL
     SELECT 'user', p.user_id, p.id, 'campaign_assign', -$1::bigint, 'assign:' || p.id FROM posts p
     UNION ALL
     SELECT 'campaign', NULL, p.id, 'campaign_assign', $1::bigint, 'assign:' || p.id FROM posts p`,
    [creditsPerCampaign],
  );
  await client.query(`UPDATE campaigns SET credits = $1`, [creditsPerCampaign]);
  await client.query('COMMIT');
  await client.query(vacuum ? 'VACUUM ANALYZE' : 'ANALYZE');
  return viewers.map((viewer, index) => ({ userId: viewer.userId, connection: `tab${index}x${randomUUID()}` }));
}
