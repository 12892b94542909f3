import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { DATA_PREFIX, STATE_CHANGING_METHODS, XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';
import { AppError } from '../errors/app-error.js';
import { parseRequestContext, type RequestContext } from './request-context.js';

/**
 * Request rules that hold before any controller runs: the protocol headers become the
 * request context, and state-changing /data calls without the XHR marker are refused (CSRF).
 */
export function registerProtocolHooks(fastify: FastifyInstance): void {
  fastify.decorateRequest('context', null as unknown as RequestContext);

  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.context = parseRequestContext(request.headers);
    if (
      STATE_CHANGING_METHODS.includes(request.method) &&
      isDataPath(request.url) &&
      request.headers[XHR_HEADER] !== XHR_HEADER_VALUE
    ) {
      done(
        new AppError(
          ErrorCode.MissingXhrMarker,
          'Request refused',
          'This request did not come from the app. Please reload the page and try again.',
        ),
      );
      return;
    }
    done();
  });

  // One line per request at `info`; not even the hook runs at quieter levels.
  if (fastify.log.level === 'info' || fastify.log.level === 'debug' || fastify.log.level === 'trace') {
    fastify.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime },
        'request',
      );
      done();
    });
  }
}

export function isDataPath(url: string): boolean {
  return url === DATA_PREFIX || url.startsWith(`${DATA_PREFIX}/`) || url.startsWith(`${DATA_PREFIX}?`);
}
