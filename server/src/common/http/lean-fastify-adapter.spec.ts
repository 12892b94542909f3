import { Controller, Get, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { LeanFastifyAdapter, type HeldBackHook } from './lean-fastify-adapter.js';

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

/** The hooks the constructor of Nest's FastifyAdapter adds to the instance it is given, in order. */
async function hooksOfNestConstructor(): Promise<HeldBackHook[]> {
  const instance = Fastify({ logger: false });
  const added: HeldBackHook[] = [];
  const addHook = instance.addHook;
  Object.assign(instance, {
    addHook: (kind: string, hook: HeldBackHook['hook']) => {
      added.push({ kind, hook });
      return (addHook as (kind: string, hook: unknown) => FastifyInstance).call(instance, kind, hook);
    },
  });
  new FastifyAdapter(instance as never);
  await instance.close();
  return added;
}

const sourceHash = (hook: HeldBackHook['hook']) => createHash('sha256').update(hook.toString()).digest('hex').slice(0, 16);

async function createApp(module: unknown, adapter = new LeanFastifyAdapter({ logger: false })) {
  // abortOnError: false, or Nest would exit the process on the refusals below instead of throwing.
  return NestFactory.create<NestFastifyApplication>(module as never, adapter, { logger: false, abortOnError: false });
}

describe('LeanFastifyAdapter', () => {
  it("holds back exactly the hooks the constructor of Nest's own FastifyAdapter adds", async () => {
    // Each is a closure made per adapter, so the same hook is the same source, not the same function.
    const nest = await hooksOfNestConstructor();
    const lean = new LeanFastifyAdapter({ logger: false });
    expect(lean.heldBackHooks.map(({ kind, hook }) => [kind, hook.toString()])).toEqual(
      nest.map(({ kind, hook }) => [kind, hook.toString()]),
    );
    await lean.close();
  });

  it('holds back the hooks of the Nest version it was written for, and no others', async () => {
    // A Nest upgrade that adds, drops or changes one of them fails here: read what the new hook
    // is for (node_modules/@nestjs/platform-fastify/adapters/fastify-adapter.js) before pinning it.
    const lean = new LeanFastifyAdapter({ logger: false });
    expect(lean.heldBackHooks.map(({ kind, hook }) => [kind, sourceHash(hook)])).toEqual([
      ['onRequest', 'f5a351fcdcdbe237'], // runs setOnRequestHook()'s hook
      ['onRequest', '3edb49b27daf1278'], // answers 503 while closing (return503OnClosing)
      ['onRequest', 'eb81be11ffefc35a'], // runs enableCors()'s hook
      ['onRequest', 'dfa45d263aeac52f'], // runs useSecurityHeaders() / enableCsrfProtection()'s hook
      ['onRequest', '2a90c1efceaf7245'], // sends request targets no middleware path matches to not-found
      ['onRequest', 'dcd4fc67de012f1e'], // passes custom versioning's extractor errors on
      ['onResponse', '9ec73a21e64bd1a9'], // runs setOnResponseHook()'s hook
    ]);
    await lean.close();
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
