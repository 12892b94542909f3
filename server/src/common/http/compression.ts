import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import { constants as zlib } from 'node:zlib';
import { hookList } from './hook-list.js';
import { registerWithHooks } from './register-with-hooks.js';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * @fastify/compress on every route, br or gzip by Accept-Encoding, for answers of at least
 * COMPRESSION_THRESHOLD_BYTES. The plugin checks the size last, after parsing Accept-Encoding and
 * looking the content type up in mime-db, so every small JSON answer (most /data answers) paid
 * for a negotiation that ended in "too small" (bench/README.md, "Measured costs"). Its per-route
 * onSend hook is therefore wrapped to let small answers pass first; everything else is the
 * plugin's own behaviour. Its per-route onRequest hook, which only sets up `reply.compress()`,
 * is left out: the app never calls it, and without it a GET route runs no onRequest hook.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  const options = {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
    // On-the-fly brotli at the default quality 11 costs more than it saves; built files are pre-compressed.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  };
  await registerWithHooks(fastify, fastifyCompress, options, (name, hook) =>
    name === 'onRoute' ? smallAnswersFirst(hook as unknown as (route: RouteOptions) => void) : hook,
  );
}

/** Runs the plugin's onRoute hook, then wraps the onSend hooks it added and drops its onRequest one. */
function smallAnswersFirst(compressOnRoute: (route: RouteOptions) => void) {
  return function (this: FastifyInstance, route: RouteOptions): void {
    const before = hookList(route.onSend).length;
    const onRequest = route.onRequest;
    compressOnRoute.call(this, route);
    route.onRequest = onRequest;
    route.onSend = hookList(route.onSend).map((hook, index) => (index < before ? hook : skipSmallAnswers(hook)));
  };
}

function skipSmallAnswers(compressHook: onSendHookHandler): onSendHookHandler {
  return function (this: FastifyInstance, request, reply, payload, done) {
    if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES)
      return done(null, payload);
    return compressHook.call(this, request, reply, payload, done);
  };
}
