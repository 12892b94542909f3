import pg from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { SurfRules1763774400000 } from '../../migrations/1763774400000-SurfRules.js';
import { dataSourceOptions } from '../../server/src/schema/data-source-options.js';
import { migrateDatabase } from '../../server/src/schema/sql-definitions.js';
import { SURF_CLAIM_OUTCOMES, SURF_EMPTY_REASONS, SURF_TICKET_REFUSALS } from '../../shared/surf/surf-outcomes.js';
import { setTestTimeout } from '../support/surf-fixtures.js';
import { adminDatabaseUrl } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';

/**
 * The codes the surf bar's SQL functions return are the ones shared/surf/surf-outcomes.ts
 * declares, read from the functions of a migrated database; and the migration that creates them
 * runs on a database migrated with either copy of the positional functions.
 */
setTestTimeout(import.meta, 60_000);

/** The keys the functions' answers carry codes under. */
type Key = 'refusal' | 'outcome' | 'empty';

/**
 * The codes a function's source returns under each key. A code is written as the value of its key
 * in json_build_object ('refusal', 'not_yours'), or assigned to v_<key> and returned as
 * ('outcome', v_outcome); any other value under a key fails, so none slips past.
 */
function returnedCodes(source: string): Record<Key, Set<string>> {
  const codes = { refusal: new Set<string>(), outcome: new Set<string>(), empty: new Set<string>() };
  for (const [, key, value] of source.matchAll(/'(refusal|outcome|empty)',\s*([^\s,)]+)/g)) {
    const literal = /^'([a-z_]+)'$/.exec(value);
    if (literal) codes[key as Key].add(literal[1]);
    else expect([key, value]).toEqual([key, `v_${key}`]);
  }
  for (const [, key, code] of source.matchAll(/\bv_(refusal|outcome|empty)\s*:=\s*'([a-z_]+)'/g)) codes[key as Key].add(code);
  return codes;
}

/** The app's migration (versioned migrations, then the SQL definitions); only the first `migrations` when given. */
async function migrate(url: string, migrations?: typeof MIGRATIONS): Promise<void> {
  const dataSource = new DataSource({ ...dataSourceOptions(url), migrations: migrations ?? MIGRATIONS });
  await dataSource.initialize();
  try {
    if (migrations) await dataSource.runMigrations({ transaction: 'each' });
    else await migrateDatabase(dataSource, 'each');
  } finally {
    await dataSource.destroy();
  }
}

async function withDatabase<T>(work: (db: pg.Client, database: TestDatabase) => Promise<T>): Promise<T> {
  const database = await createTestDatabase(adminDatabaseUrl(), 'surf', 'empty');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return await work(db, database);
  } finally {
    await db.end();
    await database.drop();
  }
}

async function functionSource(db: pg.Client, name: string): Promise<string> {
  const { rows } = await db.query(`SELECT pg_get_functiondef(p.oid) AS source FROM pg_proc p WHERE p.proname = $1`, [name]);
  expect(rows).toHaveLength(1);
  return rows[0].source;
}

async function signatures(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature
       FROM pg_proc p WHERE p.proname LIKE 'surf\\_%' OR p.proname = 'ledger_append' ORDER BY 1`,
  );
  return rows.map((row) => row.signature);
}

const JSONB_FUNCTIONS = [
  'ledger_append(p_key text, p_rows jsonb)',
  'surf_claim(p jsonb)',
  'surf_expire(p jsonb)',
  'surf_next(p jsonb)',
  'surf_offer(p jsonb)',
  'surf_risk(p jsonb)',
  'surf_skipped(p jsonb)',
  'surf_terms(p jsonb)',
];

describe('the surf outcome codes', () => {
  it('surf_claim and surf_offer return exactly the codes shared/surf/surf-outcomes.ts declares', async () => {
    await withDatabase(async (db, database) => {
      await migrate(database.url);
      const claim = returnedCodes(await functionSource(db, 'surf_claim'));
      const offer = returnedCodes(await functionSource(db, 'surf_offer'));
      const next = returnedCodes(await functionSource(db, 'surf_next'));

      expect([...claim.refusal].sort()).toEqual([...SURF_TICKET_REFUSALS].sort());
      expect([...claim.outcome].sort()).toEqual([...SURF_CLAIM_OUTCOMES].sort());
      expect([...offer.empty].sort()).toEqual([...SURF_EMPTY_REASONS].sort());
      // Each code under its own key only; surf_next answers what surf_offer answers.
      expect([...claim.empty, ...offer.refusal, ...offer.outcome]).toEqual([]);
      expect(next).toEqual({ refusal: new Set(), outcome: new Set(), empty: new Set() });
      expect(await functionSource(db, 'surf_next')).toMatch(/RETURN surf_offer\(/);
    });
  });

  it("every answer carries the member's level values SurfService reads: the timer and daily cap, and a claim's credits earned", async () => {
    await withDatabase(async (db, database) => {
      await migrate(database.url);
      const offer = await functionSource(db, 'surf_offer');
      const claim = await functionSource(db, 'surf_claim');
      // OfferRow: every answer, empty or with a ticket, has timer and daily_cap; ClaimRow: earned and daily_cap.
      const offerAnswers = [...offer.matchAll(/json_build_object\(\s*'(empty|replaced)'[^;]*/g)].map((match) => match[0]);
      expect(offerAnswers.length).toBe(5);
      for (const answer of offerAnswers) expect(answer).toMatch(/'timer', v_timer, 'daily_cap', v_cap/);
      const settled = [...claim.matchAll(/json_build_object\(\s*'outcome'[^;]*/g)].map((match) => match[0]);
      expect(settled).toHaveLength(1);
      expect(settled[0]).toMatch(/'earned', v_earn, 'daily_cap', v_cap/);
    });
  });
});

describe('the migration SurfRules', () => {
  const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(SurfRules1763774400000));

  async function refusedTicket(db: pg.Client): Promise<string> {
    const {
      rows: [user],
    } = await db.query(
      `INSERT INTO users (username, first_name, email, finished_get_started) VALUES ('viewer', 'V', 'v@example.test', true) RETURNING id`,
    );
    const {
      rows: [post],
    } = await db.query(`INSERT INTO posts (user_id, text, language, tags) VALUES ($1, 'A post', 'en', '{}') RETURNING id`, [
      user.id,
    ]);
    const {
      rows: [ticket],
    } = await db.query(
      `INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, status) VALUES ($1, $2, 'tab', 0, 'refused') RETURNING id`,
      [user.id, post.id],
    );
    return ticket.id;
  }

  it('replaces the positional functions of the first SurfFunctions, and renames refused tickets uncredited', async () => {
    await withDatabase(async (db, database) => {
      await migrate(database.url, before);
      const ticketId = await refusedTicket(db);
      await migrate(database.url);
      expect(await signatures(db)).toEqual(JSONB_FUNCTIONS);
      expect((await db.query(`SELECT status FROM view_tickets WHERE id = $1`, [ticketId])).rows).toEqual([
        { status: 'uncredited' },
      ]);
      await expect(db.query(`UPDATE view_tickets SET status = 'refused' WHERE id = $1`, [ticketId])).rejects.toThrow(
        /view_tickets_status_check/,
      );
    });
  });

  it('replaces them too on a database whose surf_offer has the 12 parameters of the edited SurfFunctions', async () => {
    await withDatabase(async (db, database) => {
      await migrate(database.url, before);
      await db.query(
        `DROP FUNCTION surf_offer(integer, text, boolean, integer, text[], integer, integer, integer, integer, text, timestamptz)`,
      );
      await db.query(`
        CREATE FUNCTION surf_offer(p_user integer, p_connection text, p_replace boolean, p_blocked boolean, p_risk integer,
                                   p_languages text[], p_earned integer, p_timer integer, p_cap integer, p_challenge_at integer,
                                   p_challenge text, p_now timestamptz) RETURNS json
        LANGUAGE sql AS $$ SELECT NULL::json $$`);
      await migrate(database.url);
      expect(await signatures(db)).toEqual(JSONB_FUNCTIONS);
    });
  });
});
