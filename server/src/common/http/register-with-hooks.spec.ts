import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify';
import { registerWithHooks } from './register-with-hooks.js';

/** What fastify-plugin does to a plugin: marks it to run on the instance it is registered on. */
const unencapsulated = (plugin: FastifyPluginCallback) => Object.assign(plugin, { [Symbol.for('skip-override')]: true });

/** A plugin that decorates the instance and its requests, and adds one hook of two kinds. */
const decoratingPlugin = unencapsulated((instance, _options, done) => {
  instance.decorate('answer', 42);
  instance.decorateRequest('greeting', 'hello');
  instance.addHook('onRequest', async (_request, reply) => {
    reply.header('x-on-request', 'ran');
  });
  instance.addHook('preHandler', async (_request, reply) => {
    reply.header('x-pre-handler', 'ran');
  });
  done();
});

let fastify: FastifyInstance;

/** GET / over a real connection (light-my-request's inject does not load under Jest's ESM). */
async function get(): Promise<Response> {
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  return fetch(url);
}

beforeEach(() => {
  fastify = Fastify({ logger: false });
});

afterEach(async () => {
  await fastify.close();
});

describe('registerWithHooks', () => {
  it("puts the plugin's decorators on the instance itself", async () => {
    await registerWithHooks(fastify, decoratingPlugin, {}, (_name, hook) => hook);
    expect(fastify.hasDecorator('answer')).toBe(true);
    expect((fastify as unknown as { answer: number }).answer).toBe(42);
    fastify.get('/', (request) => ({ greeting: (request as unknown as { greeting: string }).greeting }));
    expect(await (await get()).json()).toEqual({ greeting: 'hello' });
  });

  it('puts the instance decorator of @fastify/multipart on the instance itself', async () => {
    await registerWithHooks(fastify, fastifyMultipart, {}, (_name, hook) => hook);
    expect(fastify.hasDecorator('multipartErrors')).toBe(true);
    expect(Object.keys((fastify as unknown as { multipartErrors: object }).multipartErrors)).toContain('FilesLimitError');
  });

  it('adds the hooks adjustHook keeps and leaves out the ones it drops', async () => {
    const seen: string[] = [];
    await registerWithHooks(fastify, decoratingPlugin, {}, (name, hook) => {
      seen.push(name);
      return name === 'onRequest' ? null : hook;
    });
    fastify.get('/', () => 'ok');
    const answer = await get();
    expect(seen).toEqual(['onRequest', 'preHandler']);
    expect(answer.headers.get('x-pre-handler')).toBe('ran');
    expect(answer.headers.get('x-on-request')).toBeNull();
  });

  it('refuses a plugin that is not wrapped by fastify-plugin', async () => {
    const encapsulated: FastifyPluginCallback = (instance, _options, done) => {
      instance.decorate('answer', 42);
      done();
    };
    await expect(registerWithHooks(fastify, encapsulated, {}, (_name, hook) => hook)).rejects.toThrow(/fastify-plugin/);
    expect(fastify.hasDecorator('answer')).toBe(false);
  });
});
