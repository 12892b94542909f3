import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DATA_PREFIX } from '@shared/api/headers.js';

interface RouteFlags {
  /** A route under /data: envelope answers, XHR marker on state-changing calls. */
  dataRoute?: boolean;
  /** A page or file of the client app: helmet's page headers instead of the API policy. */
  page?: boolean;
}

/**
 * Marks every route under /data once, when it is registered, so per-request hooks (envelope,
 * the XHR marker check) test a flag instead of parsing the URL.
 * Must be added before Nest registers its routes (app.init).
 */
export function markDataRoutes(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (route.url === DATA_PREFIX || route.url.startsWith(`${DATA_PREFIX}/`)) {
      route.config = { ...route.config, dataRoute: true } as typeof route.config;
    }
  });
}

/** Marks the routes a plugin context registers as pages (see registerClientApp). */
export function markPageRoutes(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    route.config = { ...route.config, page: true } as typeof route.config;
  });
}

function flagsOf(request: FastifyRequest): RouteFlags {
  return request.routeOptions.config as RouteFlags;
}

/** True for a request matched to a /data route (unknown /data paths end in the not-found handler). */
export function isDataRoute(request: FastifyRequest): boolean {
  return flagsOf(request).dataRoute === true;
}

export function isPageRoute(request: FastifyRequest): boolean {
  return flagsOf(request).page === true;
}
