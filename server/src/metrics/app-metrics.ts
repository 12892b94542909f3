import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LEDGER_KIND_LABELS, type LedgerKind } from '@shared/credits/credits.js';
import {
  SURF_CLAIM_OUTCOMES,
  SURF_TICKET_REFUSALS,
  type SurfClaimOutcome,
  type SurfTicketRefusal,
} from '@shared/surf/surf-outcomes.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** The labels of one HTTP answer: the route's pattern (never the raw address), its method and status. */
export type HttpLabels = Record<'method' | 'route' | 'status_code', string>;

/** What the gauges read when Prometheus scrapes: nothing is counted per connection or per row. */
export interface GaugeSources {
  /** Socket.IO connections open on this process. */
  openSockets: () => number;
  /** Tracking rows waiting in memory to be written. */
  trackingBufferRows: () => number;
}

/** Latency buckets (seconds): most /data calls answer in milliseconds, a slow one in seconds. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics, in Prometheus's text format at /metrics (metrics-route.ts,
 * metrics-port.ts). Names start with `surfex_`, except Node.js's and the process's own (prom-client's
 * defaults: CPU, memory, event-loop lag, GC, handles), which dashboards know by their usual names.
 * Each process has its registry; Prometheus sums over the processes.
 */
@Injectable()
export class AppMetrics {
  readonly registry = new Registry();
  /** Served at all (METRICS_TOKEN or METRICS_PORT): without, nothing is measured per request. */
  readonly exposed: boolean;

  /** One observation per HTTP answer; its `_count` series is the request rate by route, method and status. */
  readonly httpDuration = new Histogram<keyof HttpLabels>({
    name: 'surfex_http_request_duration_seconds',
    help: 'HTTP answers by route pattern, method and status: time from routing to the last byte, in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  private readonly surfClaims = new Counter<'outcome'>({
    name: 'surfex_surf_claims_total',
    help: 'Surf claims settled, by outcome (credited, or closed without credit and why)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  private readonly surfRefusals = new Counter<'refusal'>({
    name: 'surfex_surf_claim_refusals_total',
    help: 'Surf claims refused (the ticket left as it was), by refusal',
    labelNames: ['refusal'],
    registers: [this.registry],
  });

  private readonly ledgerRows = new Counter<'kind'>({
    name: 'surfex_ledger_rows_total',
    help: 'Credit ledger rows this process wrote in committed transactions, by kind',
    labelNames: ['kind'],
    registers: [this.registry],
  });

  private sources: GaugeSources = { openSockets: () => 0, trackingBufferRows: () => 0 };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.exposed = config.metrics.token !== undefined || config.metrics.port !== undefined;
    const sources = () => this.sources;
    new Gauge({
      name: 'surfex_socket_connections',
      help: 'Socket.IO connections open on this process',
      registers: [this.registry],
      collect() {
        this.set(sources().openSockets());
      },
    });
    new Gauge({
      name: 'surfex_tracking_buffer_rows',
      help: 'Tracking rows waiting in memory to be written (bounded by TRACKING_BUFFER_MAX)',
      registers: [this.registry],
      collect() {
        this.set(sources().trackingBufferRows());
      },
    });
    // Every series exists from the start at 0, so a rate over a process's first increment is right.
    for (const outcome of SURF_CLAIM_OUTCOMES) this.surfClaims.labels(outcome).inc(0);
    for (const refusal of SURF_TICKET_REFUSALS) this.surfRefusals.labels(refusal).inc(0);
    for (const kind of Object.keys(LEDGER_KIND_LABELS)) this.ledgerRows.labels(kind).inc(0);
    if (this.exposed) collectDefaultMetrics({ register: this.registry });
  }

  /** Where the gauges read from; set once the app's services exist (app.factory.ts). */
  watch(sources: GaugeSources): void {
    this.sources = sources;
  }

  surfClaimSettled(outcome: SurfClaimOutcome): void {
    this.surfClaims.inc(OUTCOME_LABELS[outcome]);
  }

  surfClaimRefused(refusal: SurfTicketRefusal): void {
    this.surfRefusals.inc(REFUSAL_LABELS[refusal]);
  }

  /** Rows already committed: one per entry of `kinds`. */
  ledgerRowsWritten(kinds: readonly LedgerKind[]): void {
    for (const kind of kinds) this.ledgerRows.inc(KIND_LABELS[kind]);
  }
}

/** Label objects made once, so counting allocates none. */
function labelsOf<L extends string, V extends string>(name: L, values: readonly V[]): Record<V, Record<L, V>> {
  return Object.fromEntries(values.map((value) => [value, { [name]: value }])) as Record<V, Record<L, V>>;
}
const OUTCOME_LABELS = labelsOf('outcome', SURF_CLAIM_OUTCOMES);
const REFUSAL_LABELS = labelsOf('refusal', SURF_TICKET_REFUSALS);
const KIND_LABELS = labelsOf('kind', Object.keys(LEDGER_KIND_LABELS) as LedgerKind[]);
