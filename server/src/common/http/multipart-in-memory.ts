import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The hooks @fastify/multipart adds only to delete the temp files of request.saveRequestFiles(). */
const TEMP_FILE_HOOKS = new Set(['onRequest', 'onResponse']);

/**
 * @fastify/multipart (content-type parser, request.file()/parts()) without its temp-file
 * clean-up hooks. This app reads every upload into memory (request.file() → toBuffer(), see
 * settings/read-upload.ts) and never calls saveRequestFiles(), so those hooks have nothing to
 * clean, yet they ran on every request of every route: two async hooks and a 'close' listener,
 * measured at ~8% of a /data call. Do not use saveRequestFiles() with this registration.
 */
export async function registerMultipartInMemory(fastify: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const withoutTempFileHooks: FastifyInstance = Object.create(fastify, {
    addHook: {
      value: (name: string, hook: unknown) =>
        TEMP_FILE_HOOKS.has(name) ? withoutTempFileHooks : (fastify.addHook as (n: string, h: unknown) => FastifyInstance)(name, hook),
    },
  });
  // The plugin is fastify-plugin wrapped (no encapsulation): calling it on the root instance
  // is what registering it there does.
  await new Promise<void>((resolve, reject) =>
    (fastifyMultipart as unknown as (instance: FastifyInstance, opts: FastifyMultipartOptions, done: (error?: Error) => void) => void)(
      withoutTempFileHooks,
      options,
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}
