import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerWithHooks } from './register-with-hooks.js';

/** The hooks @fastify/multipart adds only to delete the temp files of request.saveRequestFiles(). */
const TEMP_FILE_HOOKS = new Set(['onRequest', 'onResponse']);

/**
 * @fastify/multipart (content-type parser, request.file()/parts()) without its temp-file
 * clean-up hooks. This app reads every upload into memory (request.file() → toBuffer(), see
 * settings/read-upload.ts) and never calls saveRequestFiles(), so those hooks have nothing to
 * clean, yet they ran on every request of every route: two async hooks and a 'close' listener
 * (their cost: bench/README.md, "Measured costs"). Do not use saveRequestFiles() with this
 * registration.
 */
export async function registerMultipartInMemory(fastify: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  await registerWithHooks(fastify, fastifyMultipart, options, (name, hook) => (TEMP_FILE_HOOKS.has(name) ? null : hook));
}
