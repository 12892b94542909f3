// Stand-in for the app's protocol hooks: the same onRequest work as a synchronous (callback)
// hook, and the per-request log line's onResponse hook only when info is enabled. With
// BENCH_ENVELOPE_HOOK=1 it also adds the envelope hook (see app-module-no-interceptor.mjs).
import { STATE_CHANGING_METHODS, XHR_HEADER, XHR_HEADER_VALUE } from '../../../dist/shared/api/headers.js';
import { ErrorCode } from '../../../dist/shared/api/error-codes.js';
import { AppError } from '../../../dist/server/src/common/errors/app-error.js';
import { parseRequestContext } from '../../../dist/server/src/common/http/request-context.js';
import { isDataPath } from '../../../dist/server/src/common/http/protocol-hooks.js';
import { registerEnvelopeHook } from './envelope-hook.mjs';

export { isDataPath };

export function registerProtocolHooks(fastify) {
  fastify.decorateRequest('context', null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.context = parseRequestContext(request.headers);
    if (STATE_CHANGING_METHODS.includes(request.method) && isDataPath(request.url) && request.headers[XHR_HEADER] !== XHR_HEADER_VALUE) {
      done(new AppError(ErrorCode.MissingXhrMarker, 'Request refused', 'This request did not come from the app.'));
      return;
    }
    done();
  });
  if (process.env.BENCH_ENVELOPE_HOOK === '1') registerEnvelopeHook(fastify);
  if (fastify.log.isLevelEnabled('info')) {
    fastify.addHook('onResponse', (request, reply, done) => {
      request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime }, 'request');
      done();
    });
  }
}
