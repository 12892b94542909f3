import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import type { Histogram } from 'prom-client';
import { hookList } from '../common/http/hook-list.js';
import type { HttpLabels } from './app-metrics.js';

/**
 * Times every answer of every route into `duration`, labelled by the route's pattern
 * (`routeOptions.url`, e.g. `/data/posts/:pid`, never the raw address). A route-level onResponse
 * hook attached when the route is registered, as the app's other request rules are
 * (route-hooks.ts), so nothing looks the route up per request. Add before Nest registers its routes.
 * Each route gets its own (Fastify's HEAD twin of a GET route too, under HEAD). Requests no route
 * matches (Fastify's not-found answer) run no route hooks and are not counted.
 */
export function attachHttpMetrics(fastify: FastifyInstance, duration: Histogram<keyof HttpLabels>): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    route.onResponse = [...hookList(route.onResponse), responseRecorder(route.url, duration)];
  });
}

/** One route's recorder: a callback hook (no promise per request) with its label objects made once. */
function responseRecorder(route: string, duration: Pick<Histogram<keyof HttpLabels>, 'observe'>): onResponseHookHandler {
  const labels = new RouteLabels(route);
  return (request, reply, done) => {
    duration.observe(labels.of(request.method, reply.statusCode), reply.elapsedTime / 1000);
    done();
  };
}

/** The label objects of one route, by method and status, each made the first time it is seen. */
export class RouteLabels {
  private readonly byMethod = new Map<string, Map<number, HttpLabels>>();

  constructor(private readonly route: string) {}

  of(method: string, status: number): HttpLabels {
    let byStatus = this.byMethod.get(method);
    if (!byStatus) this.byMethod.set(method, (byStatus = new Map()));
    let labels = byStatus.get(status);
    if (!labels) byStatus.set(status, (labels = { method, route: this.route, status_code: String(status) }));
    return labels;
  }
}
