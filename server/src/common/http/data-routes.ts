import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DATA_PREFIX } from '@shared/api/headers.js';

interface RouteFlags {
  /** A route under /data: envelope answers, XHR marker on state-changing calls. */
  dataRoute?: boolean;
  /** A page or file of the client app: helmet's page headers instead of the API policy. */
  page?: boolean;
}

const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * Marks every route under /data once, when it is registered, so per-request hooks (envelope,
 * the XHR marker check) test a flag instead of parsing the URL. Routes that take no body skip
 * @fastify/compress's request-body decompression hook.
 * Must be added before Nest registers its routes (app.init) and before @fastify/compress.
 */
export function markDataRoutes(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => BODILESS_METHODS.has(method))) route.decompress = false;
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
