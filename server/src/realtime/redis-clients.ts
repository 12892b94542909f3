import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

type RedisClient = ReturnType<typeof createClient>;

/** While Redis cannot be reached, one warning per this interval says so. */
const WARNING_INTERVAL_MS = 10_000;

/**
 * The process's Redis connection (with REDIS_URL). The Socket.IO adapter appends broadcasts to
 * the deployment's stream over it (and opens duplicates of it for its blocking reads), and the
 * readiness check pings it. A lost connection is retried in the background without ending the
 * process: readiness answers 503 meanwhile. The rate limits keep a connection of their own,
 * which fails at once while Redis is down instead of queueing (common/limits).
 */
@Injectable()
export class RedisClients implements OnApplicationShutdown {
  private readonly logger = new Logger('redis');
  readonly client: RedisClient | null;
  private lastWarningAt = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl ? createClient({ url: config.redisUrl }) : null;
    // Without an 'error' listener node-redis would end the process at Redis's first hiccup. The
    // Socket.IO adapter logs each outage once, and its end; connect() warns when Redis is down at start.
    this.client?.on('error', () => undefined);
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /**
   * Starts the connection and waits until it is ready or its first attempt failed: a process
   * whose Redis is down still starts (not ready) and connects once Redis is back.
   */
  async connect(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await new Promise<void>((resolve) => {
      const settle = () => {
        client.off('ready', settle);
        client.off('error', settle);
        resolve();
      };
      client.on('ready', settle);
      client.on('error', settle);
      client.connect().catch((error: unknown) => {
        this.warn(error);
        settle();
      });
    });
  }

  /** PING; refused at once while the connection is not ready (a PING would wait in its queue). */
  ping(): Promise<unknown> {
    if (!this.client?.isReady) return Promise.reject(new Error('Redis is not connected'));
    return this.client.ping();
  }

  /** After Socket.IO has closed: what is queued is sent (the states of connections just closed), unless the connection is down. */
  async onApplicationShutdown(): Promise<void> {
    const client = this.client;
    if (!client?.isOpen) return;
    await (client.isReady ? client.close() : Promise.resolve(client.destroy())).catch(() => undefined);
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    this.logger.warn(`Redis cannot be reached; retrying (${error instanceof Error ? error.message : String(error)})`);
  }
}
