/**
 * Migrations from the command line, on the same DataSource as the app:
 *   run | revert | generate <Name>
 * `run` applies the versioned migrations, then the SQL definitions whose text changed.
 * Uses DATABASE_URL, or the embedded PostgreSQL (started for the command, then stopped).
 * `generate` diffs the entities against the database and writes migrations/<timestamp>-<Name>.ts,
 * then lists the new class in migrations/index.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { forgetSqlDefinitions, migrateDatabase } from './sql-definitions.js';

const MIGRATIONS_DIR = 'migrations';

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (!['run', 'revert', 'generate'].includes(command ?? '')) {
    throw new Error('usage: migration-cli run | revert | generate <Name>');
  }
  if (command === 'generate' && !/^[A-Z][A-Za-z0-9]*$/.test(name ?? '')) {
    throw new Error('generate needs a PascalCase name, e.g. `npm run migration:generate -- AddPosts`');
  }
  const database = await resolveDatabase(loadConfig());
  const dataSource = new DataSource(dataSourceOptions(database.url));
  try {
    await dataSource.initialize();
    if (command === 'run') {
      const { migrations, definitions } = await migrateDatabase(dataSource, 'each');
      console.log(migrations.length ? `applied: ${migrations.join(', ')}` : 'no migration to apply');
      console.log(definitions.length ? `SQL definitions run: ${definitions.join(', ')}` : 'every SQL definition is current');
    } else if (command === 'revert') {
      await dataSource.undoLastMigration({ transaction: 'each' });
      // The reverted migration may have dropped what a function uses: every file runs again next time.
      await forgetSqlDefinitions(dataSource);
      console.log('reverted the last migration; the SQL definitions run again at the next `run` or start');
    } else {
      await generate(dataSource, name!);
    }
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await database.stop();
  }
}

async function generate(dataSource: DataSource, name: string): Promise<void> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  if (sql.upQueries.length === 0) {
    console.log('the entities match the database: no migration needed');
    return;
  }
  const timestamp = Date.now();
  const className = `${name}${timestamp}`;
  const lines = (queries: { query: string; parameters?: unknown[] }[]) =>
    queries
      .map(
        (q) =>
          `    await queryRunner.query(${JSON.stringify(q.query)}${q.parameters?.length ? `, ${JSON.stringify(q.parameters)}` : ''});`,
      )
      .join('\n');
  const file = `${MIGRATIONS_DIR}/${timestamp}-${name}.ts`;
  writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(sql.upQueries)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines([...sql.downQueries].reverse())}
  }
}
`,
  );
  const index = `${MIGRATIONS_DIR}/index.ts`;
  const source = readFileSync(index, 'utf8')
    .replace(/(\nexport const MIGRATIONS = \[)/, `import { ${className} } from './${timestamp}-${name}.js';\n$1`)
    .replace(/,?\s*\];\s*$/, `,\n  ${className},\n];\n`);
  writeFileSync(index, source);
  console.log(`wrote ${file}; review it before committing`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
