import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource, type DataSourceOptions, type QueryRunner } from 'typeorm';

/**
 * Repeatable definitions: each PL/pgSQL function the app owns lives once, as today's text, in a
 * `.sql` file of a `sql/` folder beside the feature that owns it (`surf/sql/surf_claim.sql`).
 * After the versioned migrations, every file whose checksum differs from the one recorded is run
 * again, all in one transaction, and recorded in `schema_definitions`: Flyway's repeatable
 * migrations. Versioned migrations change tables, columns and indexes; a function changes by
 * editing its file.
 */

/** The table that records which text of each file the database holds; created here, not by a migration. */
export const SQL_DEFINITIONS_TABLE = 'schema_definitions';

/** The folder the features live in: server/src in the sources, dist/server/src in the build. */
const FEATURES_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Taken for the transaction, so two processes starting together apply the files one after the other. */
const DEFINITIONS_LOCK = 0x5f3d_ef5;

export interface SqlDefinition {
  /** The file's path from server/src, with `/`: `surf/sql/surf_claim.sql`. */
  name: string;
  sql: string;
  checksum: string;
}

/** Every definition file under `root`, in path order (one order on every machine). */
export function loadSqlDefinitions(root = FEATURES_ROOT): SqlDefinition[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((name) => /(^|\/)sql\/[^/]+\.sql$/.test(name))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(root, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Runs, in one transaction, each definition whose text the database does not hold yet, and
 * records it; answers the names run. A database whose functions the versioned migrations made
 * has no record yet, so every file runs once and takes its function over. Records of files that
 * are gone are removed (their functions stay until a migration drops them).
 */
export async function applySqlDefinitions(
  dataSource: DataSource,
  definitions: SqlDefinition[] = loadSqlDefinitions(),
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await runner.query('SELECT pg_advisory_xact_lock($1)', [DEFINITIONS_LOCK]);
    await runner.query(
      `CREATE TABLE IF NOT EXISTS ${SQL_DEFINITIONS_TABLE} (
         name text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const recorded: { name: string; checksum: string }[] = await runner.query(
      `SELECT name, checksum FROM ${SQL_DEFINITIONS_TABLE}`,
    );
    const held = new Map(recorded.map((row) => [row.name, row.checksum]));
    const changed = definitions.filter((definition) => held.get(definition.name) !== definition.checksum);
    for (const definition of changed) {
      // No parameters: the simple query protocol, so a file may hold several statements.
      await runner.query(definition.sql);
      await runner.query(
        `INSERT INTO ${SQL_DEFINITIONS_TABLE} (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [definition.name, definition.checksum],
      );
    }
    await runner.query(`DELETE FROM ${SQL_DEFINITIONS_TABLE} WHERE name <> ALL ($1)`, [
      definitions.map((definition) => definition.name),
    ]);
    await runner.commitTransaction();
    return changed.map((definition) => definition.name);
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

/** Forgets every record, so the next start runs every file again (after a migration is reverted). */
export async function forgetSqlDefinitions(dataSource: DataSource): Promise<void> {
  await dataSource.query(`DROP TABLE IF EXISTS ${SQL_DEFINITIONS_TABLE}`);
}

/**
 * For a migration that needs a function of a definition file before the definitions are applied
 * after the migrations (a trigger on a table it creates, a backfill that calls it): runs that
 * file's text now, so the text still lives only in its file. The definitions are applied after
 * the migrations as always, and record it.
 */
export async function defineSqlFunctionNow(runner: QueryRunner, name: string): Promise<void> {
  const definition = loadSqlDefinitions().find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`There is no SQL definition file ${name}`);
  await runner.query(definition.sql);
}

/**
 * The versioned migrations, then the definitions: the one way the app, the CLI, tests and benches
 * migrate. The app runs the pending migrations in one transaction (`all`); the CLI one by one.
 */
export async function migrateDatabase(
  dataSource: DataSource,
  transaction: 'all' | 'each' = 'all',
): Promise<{ migrations: string[]; definitions: string[] }> {
  const migrations = await dataSource.runMigrations({ transaction });
  const definitions = await applySqlDefinitions(dataSource);
  return { migrations: migrations.map((migration) => migration.name), definitions };
}

/** A DataSource on `options`, initialized and migrated; closed again when migrating fails. */
export async function openMigratedDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    await migrateDatabase(dataSource, options.migrationsTransactionMode === 'each' ? 'each' : 'all');
    return dataSource;
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
}
