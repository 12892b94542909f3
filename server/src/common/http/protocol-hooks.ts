import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { DATA_PREFIX, STATE_CHANGING_METHODS, XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';
import { envelopeHook } from '../envelope/envelope.hook.js';
import { AppError } from '../errors/app-error.js';
import { isDataRoute, isPageRoute } from './data-routes.js';
import { parseRequestContext, type RequestContext } from './request-context.js';

/**
 * What every answer that is not a page needs (/data JSON, pictures, the developers' mail list):
 * no sniffing into a renderable type, nothing it could load or frame. Fixed, so it costs one
 * header merge; helmet's full per-request set is for the client's pages (see registerClientApp).
 */
const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Request rules that hold before any controller runs: the protocol headers become the
 * request context, and state-changing /data calls without the XHR marker are refused (CSRF).
 * Successful /data answers are wrapped in the envelope on the way out.
 * Register before @fastify/compress, so the envelope is added before compression.
 */
export function registerProtocolHooks(fastify: FastifyInstance, website: { readonly isInMaintenance: boolean }): void {
  fastify.decorateRequest('context', null as unknown as RequestContext);

  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  fastify.addHook('onRequest', (request, reply, done) => {
    request.context = parseRequestContext(request.headers);
    if (!isPageRoute(request)) reply.headers(API_SECURITY_HEADERS);
    if (
      isDataRoute(request) &&
      STATE_CHANGING_METHODS.includes(request.method) &&
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

  fastify.addHook('onSend', envelopeHook(() => website.isInMaintenance));

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
