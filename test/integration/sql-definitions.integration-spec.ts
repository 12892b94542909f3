import { readdirSync, readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { dataSourceOptions } from '../../server/src/schema/data-source-options.js';
import {
  applySqlDefinitions,
  loadSqlDefinitions,
  migrateDatabase,
  SQL_DEFINITIONS_TABLE,
  type SqlDefinition,
} from '../../server/src/schema/sql-definitions.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';

/**
 * Each PL/pgSQL function the app owns lives once, as today's text, in `<feature>/sql/<name>.sql`,
 * run after the versioned migrations whenever its text changes. These tests hold both halves:
 * no migration from now on creates or replaces a function, and the database holds exactly the
 * text of each file, on a new database and on one the versioned migrations alone built.
 */

/** The last migration written before the definitions took the functions over. */
const LAST_MIGRATION_WITH_FUNCTIONS = 1795507000000;

const DEFINITIONS = loadSqlDefinitions();

/** The one function a file defines; its name is the file's. */
function definedFunction(definition: SqlDefinition): string {
  return /\bCREATE\s+OR\s+REPLACE\s+FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/i.exec(definition.sql)?.[1] ?? '(none)';
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through `npm test`, which provides one');
  return url;
}

async function withDatabase<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const database: TestDatabase = await createTestDatabase(adminUrl(), 'definitions', 'empty');
  const dataSource = new DataSource(dataSourceOptions(database.url, 2));
  try {
    await dataSource.initialize();
    return await work(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
  }
}

/** The functions of `schema` the app made (not an extension's), each with PostgreSQL's full text of it. */
async function functionsOf(query: DataSource['query'], schema: string): Promise<Map<string, string>> {
  const rows: { name: string; definition: string }[] = await query(
    `SELECT p.proname AS name, replace(pg_get_functiondef(p.oid), $1 || '.', 'public.') AS definition
       FROM pg_proc p
      WHERE p.pronamespace = to_regnamespace($1)
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`,
    [schema],
  );
  return new Map(rows.map((row) => [row.name, row.definition]));
}

/**
 * The functions whose text in the database differs from what their file defines, and the ones
 * no file defines. The files run in a scratch schema first, where PostgreSQL prints each as it
 * prints the live one, so the layout of a header can neither hide nor fake a difference.
 */
async function differencesFromFiles(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const live = await functionsOf(runner.query.bind(runner), 'public');
    await runner.query('CREATE SCHEMA definitions_scratch');
    await runner.query('SET LOCAL search_path = definitions_scratch, public');
    for (const definition of DEFINITIONS) await runner.query(definition.sql);
    const fromFiles = await functionsOf(runner.query.bind(runner), 'definitions_scratch');
    return [...live.keys()]
      .filter((name) => live.get(name) !== fromFiles.get(name))
      .map((name) => (fromFiles.has(name) ? `${name}: differs from its file` : `${name}: no file defines it`));
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

describe('the SQL definition files', () => {
  it('define one function each, named as the file, in a sql/ folder beside its feature', () => {
    expect(DEFINITIONS.length).toBeGreaterThan(0);
    for (const definition of DEFINITIONS) {
      const statements = definition.sql.match(/\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE|TRIGGER)\b/gi) ?? [];
      expect({ file: definition.name, statements: statements.length }).toEqual({ file: definition.name, statements: 1 });
      expect(definition.name).toMatch(new RegExp(`^[a-z-]+(/[a-z-]+)*/sql/${definedFunction(definition)}\\.sql$`));
    }
  });

  it('are the only place a migration written since creates or replaces a function', () => {
    const newer = readdirSync('migrations')
      .filter((file) => Number(/^(\d+)-/.exec(file)?.[1]) > LAST_MIGRATION_WITH_FUNCTIONS)
      .filter((file) => /\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE)\b/i.test(readFileSync(`migrations/${file}`, 'utf8')))
      .map((file) => `${file} creates a function: put its text in <feature>/sql/<name>.sql instead`);
    expect(newer).toEqual([]);
  });
});

describe('a new database migrated as the app migrates it', () => {
  it('holds exactly the text of each file, runs every file once, and nothing at the next start', async () => {
    await withDatabase(async (dataSource) => {
      const first = await migrateDatabase(dataSource, 'each');
      expect(first.migrations).toHaveLength(MIGRATIONS.length);
      expect(first.definitions).toEqual(DEFINITIONS.map((definition) => definition.name));
      expect(await differencesFromFiles(dataSource)).toEqual([]);

      expect(await migrateDatabase(dataSource, 'each')).toEqual({ migrations: [], definitions: [] });
      const recorded: { name: string; checksum: string }[] = await dataSource.query(
        `SELECT name, checksum FROM ${SQL_DEFINITIONS_TABLE} ORDER BY name`,
      );
      expect(recorded).toEqual(DEFINITIONS.map(({ name, checksum }) => ({ name, checksum })));
    });
  });

  it('is seen to differ when a function is replaced outside its file (as a migration replacing it would)', async () => {
    await withDatabase(async (dataSource) => {
      await migrateDatabase(dataSource, 'each');
      await dataSource.query(
        `CREATE OR REPLACE FUNCTION surf_next(p jsonb) RETURNS json LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
      );
      await dataSource.query(`CREATE FUNCTION stray_helper() RETURNS integer LANGUAGE sql AS 'SELECT 1'`);
      expect(await differencesFromFiles(dataSource)).toEqual([
        'stray_helper: no file defines it',
        'surf_next: differs from its file',
      ]);
    });
  });

  it('runs only the changed file, and runs a set that fails not at all (one transaction)', async () => {
    await withDatabase(async (dataSource) => {
      await migrateDatabase(dataSource, 'each');
      const next = DEFINITIONS.find((definition) => definition.name === 'surf/sql/surf_next.sql')!;
      const edited = { ...next, sql: next.sql.replace('BEGIN', 'BEGIN\n  -- edited'), checksum: 'edited' };
      const broken = { name: 'zz/sql/broken.sql', sql: 'CREATE OR REPLACE FUNCTION broken( RETURNS', checksum: 'x' };
      const source = async () =>
        ((await dataSource.query(`SELECT prosrc FROM pg_proc WHERE proname = 'surf_next'`)) as { prosrc: string }[])[0].prosrc;

      const others = DEFINITIONS.filter((definition) => definition !== next);
      await expect(applySqlDefinitions(dataSource, [...others, edited, broken])).rejects.toThrow(/syntax error/);
      expect(await source()).not.toContain('-- edited');

      expect(await applySqlDefinitions(dataSource, [...others, edited])).toEqual([edited.name]);
      expect(await source()).toContain('-- edited');
    });
  });
});

describe('a database the versioned migrations alone built (the app before the definitions)', () => {
  it('has each function taken over by its file at the next start', async () => {
    await withDatabase(async (dataSource) => {
      await dataSource.runMigrations({ transaction: 'each' });
      const made = await functionsOf(dataSource.query.bind(dataSource), 'public');
      // Every function the migrations made has its file (newer functions exist only as files).
      expect(DEFINITIONS.map(definedFunction)).toEqual(expect.arrayContaining([...made.keys()]));

      const { migrations, definitions } = await migrateDatabase(dataSource);
      expect({ migrations, definitions }).toEqual({ migrations: [], definitions: DEFINITIONS.map((d) => d.name) });
      expect(await differencesFromFiles(dataSource)).toEqual([]);
    });
  });
});
