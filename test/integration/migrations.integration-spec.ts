import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { MemberCacheTriggers1763772600000 } from '../../migrations/1763772600000-MemberCacheTriggers.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { dataSourceOptions } from '../../server/src/schema/data-source-options.js';
import { migrateDatabase, SQL_DEFINITIONS_TABLE } from '../../server/src/schema/sql-definitions.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';

/**
 * Migrations are history. A database that ran a migration never runs it again, so a landed
 * migration that changes afterwards leaves that database behind: a change is a new migration.
 * And the schema they build is the one the entities declare, so `npm run migration:generate`
 * on a migrated database writes nothing.
 */

/** TypeORM's record of the migrations run: a table of its own, with no entity. */
const MIGRATIONS_TABLE = dataSourceOptions('').migrationsTableName;
/** The tables of the migration tools themselves, which no entity declares. */
const TOOL_TABLES = [MIGRATIONS_TABLE, SQL_DEFINITIONS_TABLE];

/** git's output; without a clone and its history this test cannot judge, and fails saying so. */
function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(
      `Reading the migrations' history failed (\`git ${args.join(' ')}\`): ${(error as Error).message.trim()}\n` +
        'This test compares every landed migration with its first commit: run it in a git clone with full history.',
      { cause: error },
    );
  }
}

/** Every migration file of HEAD (index.ts, the list that grows, aside) with the commit that added it. */
function landedMigrations(): { file: string; firstCommit: string }[] {
  if (git('rev-parse', '--is-shallow-repository').trim() !== 'false') {
    throw new Error('This clone is shallow: the first commits of the migrations are missing. Run `git fetch --unshallow`.');
  }
  const files = git('ls-tree', '--name-only', 'HEAD', 'migrations/')
    .split('\n')
    .filter((file) => file.endsWith('.ts') && file !== 'migrations/index.ts');
  // Newest commit first, so a file's last entry is the commit that first added it.
  const firstCommit = new Map<string, string>();
  let commit = '';
  const additions = git('log', '--no-renames', '--diff-filter=A', '--format=commit %H', '--name-only', '--', 'migrations/');
  for (const line of additions.split('\n')) {
    if (line.startsWith('commit ')) commit = line.slice('commit '.length);
    else if (line) firstCommit.set(line, commit);
  }
  return files.map((file) => ({ file, firstCommit: firstCommit.get(file)! }));
}

describe('landed migrations', () => {
  it('are each exactly as first committed: a schema change is a new migration', () => {
    const landed = landedMigrations();
    expect(landed.length).toBeGreaterThan(0);
    const changed = landed
      .filter(({ file, firstCommit }) => git('diff', '--name-only', firstCommit, '--', file).trim() !== '')
      .map(
        ({ file, firstCommit }) =>
          `${file} differs from its first commit (see \`git diff ${firstCommit.slice(0, 10)} -- ${file}\`)`,
      );
    expect(changed).toEqual([]);
  });
});

/**
 * The schema as PostgreSQL prints it, one line per column, constraint and index, with the names
 * of the indexes to leave out. A number default reads 0 or '0'::bigint depending on how it was
 * written (SQL or TypeORM): the same value, so it is printed one way. Tables partitioned by day
 * and their partitions are left out: no entity declares them (server/src/schema/entities.ts).
 */
async function schemaLines(url: string, leftOut: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ line: string }>(
      `SELECT format('column %s.%s %s%s%s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                     CASE WHEN a.attnotnull THEN ' NOT NULL' END,
                     ' DEFAULT ' || regexp_replace(pg_get_expr(d.adbin, d.adrelid), '^''(-?\\d+)''::(bigint|integer|smallint)$', '\\1')) AS line
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND NOT c.relispartition AND c.relname <> ALL ($1) AND a.attnum > 0 AND NOT a.attisdropped
       UNION ALL
       SELECT format('constraint %s on %s: %s', con.conname, c.relname, pg_get_constraintdef(con.oid))
         FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relname <> ALL ($1) AND con.contype <> 'n' AND c.relkind <> 'p' AND NOT c.relispartition
       UNION ALL
       SELECT pg_get_indexdef(i.indexrelid)
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relname <> ALL ($1) AND ic.relname <> ALL ($2) AND c.relkind <> 'p' AND NOT c.relispartition
       ORDER BY 1`,
      [TOOL_TABLES, leftOut],
    );
    return rows.map((row) => row.line);
  } finally {
    await client.end();
  }
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through `npm test`, which provides one');
  return url;
}

/** A DataSource on a new database; `migrations` narrows the app's list. */
async function openDatabase(
  prefix: string,
  migrations = MIGRATIONS,
): Promise<{ dataSource: DataSource; database: TestDatabase }> {
  const database = await createTestDatabase(adminUrl(), prefix, 'empty');
  const dataSource = new DataSource({ ...dataSourceOptions(database.url), migrations });
  await dataSource.initialize();
  return { dataSource, database };
}

async function close({ dataSource, database }: { dataSource: DataSource; database: TestDatabase }): Promise<void> {
  await dataSource.destroy();
  await database.drop();
}

describe('the schema the migrations build on an empty database', () => {
  let migrated: { dataSource: DataSource; database: TestDatabase };
  /** Indexes TypeORM cannot declare (on expressions): their entities name them with `synchronize: false`. */
  let leftToMigrations: { name: string; table: string }[];

  beforeAll(async () => {
    migrated = await openDatabase('schema');
    await migrateDatabase(migrated.dataSource, 'each');
    leftToMigrations = migrated.dataSource.entityMetadatas.flatMap((entity) =>
      entity.indices.filter((index) => !index.synchronize).map((index) => ({ name: index.name, table: entity.tableName })),
    );
  });

  afterAll(async () => {
    if (migrated) await close(migrated);
  });

  it('is what the entities declare: TypeORM would change nothing (migration:generate writes no migration)', async () => {
    const { upQueries } = await migrated.dataSource.driver.createSchemaBuilder().log();
    expect(upQueries.map((query) => query.query)).toEqual([]);
  });

  // TypeORM's comparison leaves out index column order and WHERE clauses, check expressions and
  // constraint names; PostgreSQL's own definitions of both schemas show every one of them.
  it('equals, column by column, constraint by constraint and index by index, the schema built from the entities alone', async () => {
    const fromEntities = await openDatabase('entities', []);
    try {
      await fromEntities.dataSource.synchronize();
      const leftOut = leftToMigrations.map((index) => index.name);
      const built = await schemaLines(migrated.database.url, leftOut);
      const declared = await schemaLines(fromEntities.database.url, leftOut);
      expect(built.length).toBeGreaterThan(0);
      expect({
        builtByMigrationsOnly: built.filter((line) => !declared.includes(line)),
        declaredByEntitiesOnly: declared.filter((line) => !built.includes(line)),
      }).toEqual({ builtByMigrationsOnly: [], declaredByEntitiesOnly: [] });
    } finally {
      await close(fromEntities);
    }
  });

  it('holds each index the entities leave to the migrations, on its table', async () => {
    expect(leftToMigrations.length).toBeGreaterThan(0);
    const found: { name: string; table: string }[] = await migrated.dataSource.query(
      `SELECT ic.relname AS name, c.relname AS "table"
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
        WHERE ic.relname = ANY ($1) ORDER BY ic.relname`,
      [leftToMigrations.map((index) => index.name)],
    );
    expect(found).toEqual([...leftToMigrations].sort((a, b) => a.name.localeCompare(b.name)));
  });
});

describe('a database that ran edited copies of MemberCacheTriggers and SurfFunctions', () => {
  // Those copies also created the dismissals trigger and dropped view_tickets_latest_claims, as
  // later migrations do: such a database takes the later migrations too.
  it('takes the remaining migrations and ends with one dismissals trigger and no latest-claims index', async () => {
    const landedFirst = MIGRATIONS.slice(0, MIGRATIONS.indexOf(MemberCacheTriggers1763772600000) + 1);
    const early = await openDatabase('upgrade', landedFirst);
    try {
      await early.dataSource.runMigrations({ transaction: 'each' });
      await early.dataSource.query(`
        CREATE TRIGGER announcement_dismissals_member_cache AFTER INSERT OR DELETE ON announcement_dismissals
          FOR EACH ROW EXECUTE FUNCTION notify_member_cache()`);
      await early.dataSource.query(`DROP INDEX view_tickets_latest_claims`);
      await early.dataSource.destroy();

      const upgraded = new DataSource(dataSourceOptions(early.database.url));
      await upgraded.initialize();
      try {
        const applied = await upgraded.runMigrations({ transaction: 'each' });
        expect(applied.length).toBe(MIGRATIONS.length - landedFirst.length);
        const [state] = await upgraded.query(
          `SELECT (SELECT count(*)::int FROM pg_trigger WHERE tgname = 'announcement_dismissals_member_cache') AS triggers,
                  to_regclass('view_tickets_latest_claims') IS NULL AS "indexGone"`,
        );
        expect(state).toEqual({ triggers: 1, indexGone: true });
      } finally {
        await upgraded.destroy();
      }
    } finally {
      if (early.dataSource.isInitialized) await early.dataSource.destroy();
      await early.database.drop();
    }
  });
});
