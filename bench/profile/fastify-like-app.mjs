// Bare Fastify with the app's adapter options (pino logger at LOG_LEVEL, a UUID request id,
// Fastify's request logging off) and no plugins, no hooks, no Nest: prices the logger and the
// request id against the bare peer. BENCH_FASTIFY_LOGGER=0 drops the logger, BENCH_FASTIFY_REQID=0
// the UUID request id (Fastify's counter instead).
import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';

const ANSWER = { data: { ok: true }, errors: [], maintenance: false };
const withLogger = process.env.BENCH_FASTIFY_LOGGER !== '0';
const withUuid = process.env.BENCH_FASTIFY_REQID !== '0';
const app = Fastify({
  ...(withLogger
    ? {
        loggerInstance: pino({ level: process.env.LOG_LEVEL ?? 'warn' }),
        logController: new LogController({ disableRequestLogging: true }),
      }
    : { logger: false }),
  bodyLimit: 100 * 1024,
  ...(withUuid ? { genReqId: () => randomUUID() } : {}),
});
app.get('/data/health', async () => ANSWER);
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(`fastify-like-app running at http://localhost:${app.server.address().port}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
