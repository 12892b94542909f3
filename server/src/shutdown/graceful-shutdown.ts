import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { RealtimeService } from '../realtime/realtime.service.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';
import { drainHttp } from './http-drain.js';

export interface ShutdownOptions {
  /** The longest the whole shutdown may take (SHUTDOWN_TIMEOUT_MS); past it the process exits with 1. */
  timeoutMs: number;
  logger: Logger;
  /** Runs once the app has closed: main.ts stops the embedded PostgreSQL here when it started one. */
  afterClose: () => Promise<void>;
  /**
   * What the process still holds in memory, for the warning of a shutdown that outlasts `timeoutMs`
   * (main.ts: the tracking rows not written yet).
   */
  leftInMemory: () => string;
  exit: (code: number) => void;
}

/**
 * What SIGTERM and SIGINT do. The first signal shuts down in this order:
 * 1. drain: the listening socket closes, new requests on open connections get 503
 *    `shutting_down` (http-drain.ts), requests under way finish; every socket hears
 *    `server:restarting` and is disconnected once its pending acknowledgements (a surf claim in
 *    flight) are answered, and the tab reconnects to another process;
 * 2. `app.close()`, whose hooks run in Nest's order: `onModuleDestroy` stops the timers and lets
 *    the pushes and upkeep under way finish; `beforeApplicationShutdown` writes out the tracking
 *    buffer (the batch in flight, then the rest) and lets each running job finish the item it is
 *    on (the next run, here or in another process, does the rest); then Socket.IO and Fastify
 *    close (nothing is left to cut), then `onApplicationShutdown` closes the LISTEN connections,
 *    Redis and, in TypeORM's own hook, the DataSource: the database closes after the last request
 *    and the last of that work have finished;
 * 3. `afterClose`, then exit 0.
 * A second signal exits at once (code 1), and so does a shutdown that outlasts `timeoutMs`.
 */
export class GracefulShutdown {
  private started = false;

  constructor(
    private readonly app: NestFastifyApplication,
    private readonly options: ShutdownOptions,
  ) {}

  handle(signal: NodeJS.Signals): void {
    const { logger, exit, timeoutMs } = this.options;
    if (this.started) {
      logger.warn(`${signal} again: exiting at once, without finishing the shutdown`);
      exit(1);
      return;
    }
    this.started = true;
    const startedAt = Date.now();
    logger.debug(`${signal}: shutting down (draining requests and sockets)`);
    const timer = setTimeout(() => {
      const sockets = this.app.get(RealtimeService).localConnections;
      logger.warn(
        `The shutdown took longer than ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting at once with ${sockets} sockets, ${this.options.leftInMemory()} and unfinished work`,
      );
      exit(1);
    }, timeoutMs);
    this.shutDown().then(
      () => {
        clearTimeout(timer);
        logger.debug(`Shut down in ${Date.now() - startedAt} ms`);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        logger.error(`The shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        exit(1);
      },
    );
  }

  private async shutDown(): Promise<void> {
    const maintenance = this.app.get(WebsiteSettingsService).isInMaintenance;
    // The HTTP drain starts first: no new connection or socket is taken while the sockets are told.
    await Promise.all([drainHttp(this.app.getHttpServer(), maintenance), this.app.get(RealtimeService).drain()]);
    await this.app.close();
    await this.options.afterClose();
  }
}
