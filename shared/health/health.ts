/**
 * What a load balancer and a monitoring system ask a server process. Liveness: the process
 * answers at all. Readiness: it can reach what a request needs (PostgreSQL, and Redis when
 * REDIS_URL is set) and is not shutting down. Metrics: Prometheus text, outside /data.
 */
export const HEALTH_ENDPOINTS = {
  /** GET → `{ ok: true }` while the process answers (liveness). */
  health: '/data/health',
  /** GET → ReadyAnswer; 503 `unavailable` with one error per failing `dependency`, or `shutting_down` (readiness). */
  ready: '/data/ready',
  /** GET (Authorization: Bearer METRICS_TOKEN) → Prometheus text format; not an envelope call. */
  metrics: '/metrics',
} as const;

/** The services a request may need besides the process itself. */
export const DEPENDENCIES = ['database', 'redis'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** A ready process: PostgreSQL answered, and Redis too (or is not used: no REDIS_URL). */
export interface ReadyAnswer {
  database: 'ok';
  redis: 'ok' | 'not_configured';
}
