// NestJS on Fastify with one controller answering the envelope at /data/health, and nothing else
// (no plugins, hooks, interceptor, guard, filter, database): Nest's own cost against the bare
// peer. BENCH_NEST_LOGGER=1 gives the adapter the app's pino logger and UUID request id.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { pino } from 'pino';

const ANSWER = { data: { ok: true }, errors: [], maintenance: false };

class HealthController {
  health() {
    return ANSWER;
  }
}
Controller('health')(HealthController);
Get()(HealthController.prototype, 'health', Object.getOwnPropertyDescriptor(HealthController.prototype, 'health'));

class BenchModule {}
Module({ controllers: [HealthController] })(BenchModule);

const adapter =
  process.env.BENCH_NEST_LOGGER === '1'
    ? new FastifyAdapter({
        loggerInstance: pino({ level: process.env.LOG_LEVEL ?? 'warn' }),
        logController: new LogController({ disableRequestLogging: true }),
        bodyLimit: 100 * 1024,
        genReqId: () => randomUUID(),
      })
    : new FastifyAdapter();
const app = await NestFactory.create(BenchModule, adapter, { logger: false });
app.setGlobalPrefix('data');
await app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.stdout.write(`nest-minimal running at http://localhost:${app.getHttpServer().address().port}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
