import { Controller, Get, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { LeanFastifyAdapter } from './lean-fastify-adapter.js';

@Controller('ping')
class PingController {
  @Get()
  ping() {
    return { pong: true };
  }
}

@Module({ controllers: [PingController] })
class PingModule {}

@Module({ controllers: [PingController] })
class WithMiddlewareModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply((_req: unknown, _res: unknown, next: () => void) => next()).forRoutes('*');
  }
}

async function createApp(module: unknown, adapter = new LeanFastifyAdapter({ logger: false })) {
  // abortOnError: false, or Nest would exit the process on the refusals below instead of throwing.
  return NestFactory.create<NestFastifyApplication>(module as never, adapter, { logger: false, abortOnError: false });
}

describe('LeanFastifyAdapter', () => {
  it('holds back exactly the global hooks of the Nest version it was written for', () => {
    // A Nest upgrade that changes these needs a look at what the new hook is for.
    expect(new LeanFastifyAdapter({ logger: false }).heldBackHooks).toEqual([
      'onRequest',
      'onRequest',
      'onRequest',
      'onRequest',
      'onRequest',
      'onRequest',
      'onResponse',
    ]);
  });

  it('serves routes, and hooks the app adds itself still run', async () => {
    const app = await createApp(PingModule);
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-app-hook', 'ran');
      done();
    });
    await app.listen(0, '127.0.0.1');
    try {
      const answer = await fetch(`${await app.getUrl()}/ping`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ pong: true });
      expect(answer.headers.get('x-app-hook')).toBe('ran');
    } finally {
      await app.close();
    }
  });

  it('refuses the features whose hooks it left out instead of ignoring them', async () => {
    const app = await createApp(PingModule);
    expect(() => app.enableCors()).toThrow(/leaves out enableCors/);
    expect(() => app.use(() => undefined)).toThrow(/leaves out Nest middleware/);
    await app.close();
    await expect(createApp(WithMiddlewareModule).then((withMiddleware) => withMiddleware.init())).rejects.toThrow(
      /leaves out Nest middleware/,
    );
  });
});
