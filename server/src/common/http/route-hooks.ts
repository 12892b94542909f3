import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { STATE_CHANGING_METHODS } from '@shared/api/headers.js';
import { hookList } from './hook-list.js';
import { envelopeHook } from '../envelope/envelope.hook.js';
import { apiSecurityHeaders, isDataPath, requestLogger, requireXhrMarker } from './protocol-hooks.js';

const BODILESS_METHODS = new Set(['GET', 'HEAD']);

export interface RouteHookOptions {
  logger: Logger;
  website: { readonly isInMaintenance: boolean };
  /** onSend hooks of state-changing /data calls (e.g. dropping the acting member's cache). */
  afterWrites: onSendHookHandler[];
}

/**
 * The request rules, attached to each route when it is registered rather than as global hooks,
 * so a route runs only the hooks it needs and none tests a flag per request:
 * - every route: the fixed API security headers (pages swap them for helmet: markPageRoutes);
 * - /data routes: the envelope around successful answers (the request context is read by
 *   the handlers that ask for it: @Ctx());
 * - state-changing /data routes: the XHR marker check (CSRF) and `afterWrites`;
 * - GET/HEAD routes: no request-body decompression.
 * Add before Nest registers its routes (app.init) and before @fastify/compress, whose onSend
 * must come after the envelope's.
 */
export function attachRouteHooks(fastify: FastifyInstance, options: RouteHookOptions): void {
  const envelope = envelopeHook(() => options.website.isInMaintenance);
  const logRequest = options.logger.isLevelEnabled('debug') ? requestLogger(options.logger) : null;
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const methods = hookList(route.method);
    const onRequest = hookList(route.onRequest);
    const onSend = [...hookList(route.onSend), apiSecurityHeaders];
    if (isDataPath(route.url)) {
      onSend.push(envelope);
      if (methods.some((method) => STATE_CHANGING_METHODS.includes(method))) {
        onRequest.push(requireXhrMarker);
        onSend.push(...options.afterWrites);
      }
    }
    route.onRequest = onRequest;
    route.onSend = onSend;
    if (logRequest) route.onResponse = [...hookList(route.onResponse), logRequest];
    if (route.decompress === undefined && methods.every((method) => BODILESS_METHODS.has(method))) route.decompress = false;
  });
}

/** Routes of this plugin context are pages: helmet's headers instead of the API policy. */
export function markPageRoutes(pages: FastifyInstance): void {
  // Runs after the root's onRoute hook (a child context's hooks come after its parent's).
  pages.addHook('onRoute', (route) => {
    route.onSend = hookList(route.onSend).filter((hook) => hook !== apiSecurityHeaders);
  });
}
