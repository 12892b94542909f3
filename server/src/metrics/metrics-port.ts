import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HEALTH_ENDPOINTS } from '@shared/health/health.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppMetrics } from './app-metrics.js';

/** Only this machine reaches it: a scraper beside the process (a sidecar, a node agent), no token needed. */
const METRICS_HOST = '127.0.0.1';

/**
 * With METRICS_PORT: /metrics on a port of its own bound to 127.0.0.1, apart from the app's
 * traffic, its hooks and its load balancer. It keeps answering while the app drains on shutdown,
 * and closes with the app.
 */
@Injectable()
export class MetricsPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('metrics');
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: AppMetrics,
  ) {}

  /** The port it listens on (METRICS_PORT, or the one picked for 0); null without METRICS_PORT. */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === undefined) return;
    const server = createServer((request, response) => {
      const path = request.url?.split('?')[0];
      if (request.method !== 'GET' || path !== HEALTH_ENDPOINTS.metrics) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error(`Collecting metrics failed: ${error instanceof Error ? error.stack : String(error)}`);
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Collecting metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, METRICS_HOST, () => resolve());
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
