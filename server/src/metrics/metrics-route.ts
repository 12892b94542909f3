import type { FastifyInstance } from 'fastify';
import { HEALTH_ENDPOINTS } from '@shared/health/health.js';
import type { AppMetrics } from './app-metrics.js';
import { bearerTokenMatches } from './bearer-token.js';

/**
 * GET /metrics on the app's own port, for Prometheus with `Authorization: Bearer <METRICS_TOKEN>`;
 * anything else is 401 (plain text: a scraper's answer, not an envelope call). Not registered
 * without a token: the address then falls to the client's not-found page.
 */
export function registerMetricsRoute(fastify: FastifyInstance, metrics: AppMetrics, token: string): void {
  fastify.get(HEALTH_ENDPOINTS.metrics, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerTokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('Unauthorized\n');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
