import type { FastifyInstance } from 'fastify';
import { findRoute } from '../../shared/routing/routes.js';

export interface RegisteredRoute {
  method: string;
  /** The route's pattern, e.g. `/data/posts/:pid`. */
  url: string;
}

/** One line of `printRoutes({ commonPrefix: false })`: tree guides, the segment, its methods. */
const ROUTE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/;

/**
 * Every route the app's Fastify instance holds, read from its router at run time (Fastify has
 * no route list API; `printRoutes` prints the router's tree, one path segment per node, each
 * node indented four columns below its parent).
 */
export function registeredRoutes(fastify: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = ROUTE_LINE.exec(line);
    if (!match) continue;
    const [, guides, segment, methods] = match;
    segments.length = guides.length / 4;
    segments.push(segment);
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url: segments.join('') });
  }
  return routes;
}

/**
 * The envelope calls: routes under /data, less HEAD (Fastify's twin of each GET) and the
 * addresses of the shared route table, which are pages of the app (Payroc's receipt page is one).
 */
export function dataCallRoutes(fastify: FastifyInstance): RegisteredRoute[] {
  return registeredRoutes(fastify).filter(
    (route) => route.url.startsWith('/data/') && route.method !== 'HEAD' && !findRoute(route.url),
  );
}
