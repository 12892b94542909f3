import type { FastifyInstance } from 'fastify';

type PluginCallback<Options> = (
  instance: FastifyInstance,
  options: Options,
  done: (error?: Error) => void,
) => void | Promise<void>;

/**
 * Registers a fastify-plugin wrapped (unencapsulated) plugin on `fastify`, passing every hook it
 * adds through `adjustHook` first: return the hook (or a wrapper) to add it, null to leave it out.
 * For plugins whose hooks do more per request than this app needs (see multipart-in-memory.ts
 * and compression.ts); the plugin's options and decorators are untouched.
 */
export async function registerWithHooks<Options>(
  fastify: FastifyInstance,
  plugin: unknown,
  options: Options,
  adjustHook: (name: string, hook: (...args: never[]) => unknown) => ((...args: never[]) => unknown) | null,
): Promise<void> {
  const adjusted: FastifyInstance = Object.create(fastify, {
    addHook: {
      value: (name: string, hook: (...args: never[]) => unknown) => {
        const kept = adjustHook(name, hook);
        if (kept) (fastify.addHook as (n: string, h: unknown) => FastifyInstance)(name, kept);
        return adjusted;
      },
    },
  });
  // Calling an unencapsulated plugin on the instance is what registering it there does.
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => (error ? reject(error) : resolve());
    const result = (plugin as PluginCallback<Options>)(adjusted, options, done) as unknown;
    // An async plugin finishes with its promise instead of calling done.
    if (result instanceof Promise) result.then(() => resolve(), reject);
  });
}
