import { createApp } from './app.factory.js';
import { loadConfig } from './config/app-config.js';
import { resolveDatabase } from './database/resolve-database.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config);
  const app = await createApp({ ...config, databaseUrl: database.url });
  await app.listen(config.port, config.host);

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  process.stdout.write(`\n  Surfex is running at ${url}\n  Database: ${config.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL'}\n\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`Surfex could not start: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
