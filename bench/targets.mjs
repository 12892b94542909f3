// The numbers the benchmark holds the app to. Add a target
// here when an issue sets one; the kinds are in bench/lib/targets.mjs.
import { INITIAL_JS_BUDGET, KB } from './client-budgets.mjs';
import { initialJsGzipAtMost, noErrors, p99Below, rpsRatio } from './lib/targets.mjs';

export const targets = [
  rpsRatio({
    id: 'health-vs-peer',
    label: '/data/health req/s ≥ 0.70 × bare Fastify',
    scenario: 'data-health',
    baseline: 'fastify-peer',
    min: 0.7,
  }),
  rpsRatio({
    id: 'start-vs-health',
    label: '/data/start (visitor) req/s ≥ 0.50 × /data/health',
    scenario: 'data-start-visitor',
    baseline: 'data-health',
    min: 0.5,
  }),
  p99Below({
    id: 'p99',
    maxMs: 25,
    appliesTo: (scenario) => ['data-health', 'data-start-visitor', 'static-index'].includes(scenario.id),
  }),
  // /data/start for a member (session lookup included).
  rpsRatio({
    id: 'start-member-vs-health',
    label: '/data/start (logged in) req/s ≥ 0.60 × /data/health',
    scenario: 'data-start-member',
    baseline: 'data-health',
    min: 0.6,
  }),
  p99Below({ id: 'p99-member', maxMs: 30, appliesTo: (scenario) => scenario.id === 'data-start-member' }),
  noErrors({ id: 'no-errors', appliesTo: () => true }),
  initialJsGzipAtMost({
    id: 'initial-js',
    label: `initial JS ≤ ${INITIAL_JS_BUDGET / KB} KB gzipped`,
    maxBytes: INITIAL_JS_BUDGET,
  }),
];
