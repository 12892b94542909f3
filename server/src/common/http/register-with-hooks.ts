/*
 * Framework internals this file relies on (fastify 5, fastify-plugin 5/6); a change to any of
 * them needs a look here and in register-with-hooks.spec.ts:
 * - A plugin wrapped by fastify-plugin carries `Symbol.for('skip-override')`, and registering
 *   such a plugin means calling it with the instance itself (no encapsulated child context).
 *   Calling it directly, as below, skips what avvio does around a registration: the plugin
 *   metadata checks of fastify-plugin (fastify version, declared dependencies) and the record of
 *   its name (`fastify.hasPlugin()` does not see it).
 * - Every instance method a plugin calls (`decorate*`, `addContentTypeParser`, `setErrorHandler`
 *   …) acts on `this` through plain property reads and writes, so a Proxy of the instance whose
 *   only trap is `addHook` lets every one of them land on the real instance.
 * - The plugin adds its hooks through `addHook` on the instance it is given.
 */
import type { FastifyInstance } from 'fastify';

type PluginCallback<Options> = (
  instance: FastifyInstance,
  options: Options,
  done: (error?: Error) => void,
) => void | Promise<void>;

type Hook = (...args: never[]) => unknown;

const SKIP_OVERRIDE = Symbol.for('skip-override');

/**
 * Registers a fastify-plugin wrapped (unencapsulated) plugin on `fastify`, passing every hook it
 * adds through `adjustHook` first: return the hook (or a wrapper) to add it, null to leave it out.
 * For plugins whose hooks do more per request than this app needs (see multipart-in-memory.ts
 * and compression.ts). Everything else the plugin does (decorators, content-type parsers,
 * handlers) lands on `fastify` itself, as a plain registration would have it. A plugin that is
 * not wrapped by fastify-plugin is refused: registering it would give it a context of its own.
 */
export async function registerWithHooks<Options>(
  fastify: FastifyInstance,
  plugin: unknown,
  options: Options,
  adjustHook: (name: string, hook: Hook) => Hook | null,
): Promise<void> {
  if (typeof plugin !== 'function' || !(plugin as unknown as Record<symbol, unknown>)[SKIP_OVERRIDE]) {
    throw new Error('registerWithHooks takes only plugins wrapped by fastify-plugin (unencapsulated)');
  }
  const addHook = (name: string, hook: Hook) => {
    const kept = adjustHook(name, hook);
    if (kept) (fastify.addHook as (n: string, h: Hook) => FastifyInstance)(name, kept);
    return adjusted;
  };
  const adjusted: FastifyInstance = new Proxy(fastify, {
    get: (target, key, receiver) => (key === 'addHook' ? addHook : Reflect.get(target, key, receiver)),
  });
  // Calling an unencapsulated plugin on the instance is what registering it there does.
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => (error ? reject(error) : resolve());
    const result = (plugin as PluginCallback<Options>)(adjusted, options, done) as unknown;
    // An async plugin finishes with its promise instead of calling done.
    if (result instanceof Promise) result.then(() => resolve(), reject);
  });
}
