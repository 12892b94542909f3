// A database migrated once for a whole `npm test` run: every test database that starts out
// migrated is copied from it (`CREATE DATABASE … TEMPLATE`, about 0.15 s) instead of running
// the migrations and the SQL definitions again (about 1 s each time). It is made from the build
// of this run, so it is never older than the code under test; it is dropped when the run ends.
import pg from 'pg';

async function withAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes and migrates the template on `adminUrl`'s server; answers its name and how to drop it. */
export async function createMigratedTemplate(adminUrl) {
  const { dataSourceOptions } = await import('../dist/server/src/schema/data-source-options.js');
  const { openMigratedDataSource } = await import('../dist/server/src/schema/sql-definitions.js');
  const name = `template_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const drop = () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // One connection: a copy needs the template without sessions, and this one is closed before any.
    const dataSource = await openMigratedDataSource(dataSourceOptions(url.toString(), 1));
    await dataSource.destroy();
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
