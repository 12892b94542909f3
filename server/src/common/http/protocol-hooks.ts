import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { Logger } from 'pino';
import { ErrorCode } from '@shared/api/error-codes.js';
import { DATA_PREFIX, XHR_HEADER, XHR_HEADER_VALUE } from '@shared/api/headers.js';
import { AppError } from '../errors/app-error.js';

/**
 * What every answer that is not a page needs (/data JSON, pictures, the developers' mail list):
 * no sniffing into a renderable type, nothing it could load or frame. Fixed, so it costs one
 * header merge; helmet's full per-request set is for the client's pages (see registerClientApp).
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

// Callback-style hooks: they run on every request, and an async hook costs a promise each time.

/**
 * Every route that is not a page: the fixed API security headers. An onSend hook, so it covers
 * error answers too and a GET route needs no onRequest phase at all.
 */
export const apiSecurityHeaders: onSendHookHandler = (_request, reply, payload, done) => {
  reply.headers(API_SECURITY_HEADERS);
  done(null, payload);
};

/** State-changing /data routes: without the XHR marker the call did not come from the app (CSRF). */
export const requireXhrMarker: onRequestHookHandler = (request, _reply, done) => {
  if (request.headers[XHR_HEADER] === XHR_HEADER_VALUE) return done();
  done(
    new AppError(
      ErrorCode.MissingXhrMarker,
      'Request refused',
      'This request did not come from the app. Please reload the page and try again.',
    ),
  );
};

/**
 * One line per request, at `debug` (LOG_LEVEL=debug turns it on): at `info` a terminal would
 * scroll with every call the client makes. Errors are logged with the request id whatever the level.
 */
export function requestLogger(logger: Logger) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    logger.debug(
      { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime },
      `${request.method} ${request.url} ${reply.statusCode}`,
    );
    done();
  };
}

export function isDataPath(url: string): boolean {
  return url === DATA_PREFIX || url.startsWith(`${DATA_PREFIX}/`) || url.startsWith(`${DATA_PREFIX}?`);
}
