import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

type RedisClient = ReturnType<typeof createClient>;

/** While Redis cannot be reached, one warning per this interval says so. */
const WARNING_INTERVAL_MS = 10_000;

/**
 * The process's two Redis connections (with REDIS_URL): one publishes, one subscribes (a
 * subscribed connection takes no other command). The Socket.IO adapter carries room broadcasts
 * over them and the readiness check pings the publishing one. A lost connection is retried in the
 * background without ending the process: readiness answers 503 meanwhile.
 */
@Injectable()
export class RedisClients implements OnApplicationShutdown {
  private readonly logger = new Logger('redis');
  readonly pub: RedisClient | null;
  readonly sub: RedisClient | null;
  private lastWarningAt = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pub = config.redisUrl ? createClient({ url: config.redisUrl }) : null;
    this.sub = this.pub?.duplicate() ?? null;
    for (const client of this.clients()) client.on('error', (error: unknown) => this.warn(error));
  }

  get configured(): boolean {
    return this.pub !== null;
  }

  /**
   * The two connections as the Socket.IO adapter gets them. The adapter (@socket.io/redis-adapter
   * 8.3) leaves the promises of its commands unhandled (SUBSCRIBE, UNSUBSCRIBE, PUBLISH): while
   * Redis is down they wait in the client's queue and fail when it is destroyed at shutdown, which
   * would end the process as unhandled rejections. Here each command's promise is marked handled
   * (the error event already reported the outage); a caller that awaits one still sees it fail.
   */
  forAdapter(): { pub: RedisClient; sub: RedisClient } {
    if (!this.pub || !this.sub) throw new Error('REDIS_URL is not set');
    return { pub: withHandledCommands(this.pub), sub: withHandledCommands(this.sub) };
  }

  /**
   * Starts both connections and waits until each is ready or its first attempt failed: a process
   * whose Redis is down still starts (not ready) and connects once Redis is back.
   */
  async connect(): Promise<void> {
    await Promise.all(
      this.clients().map(
        (client) =>
          new Promise<void>((resolve) => {
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
          }),
      ),
    );
  }

  /** PING on the publishing connection; refused at once while it is not ready (a PING would wait in its queue). */
  ping(): Promise<unknown> {
    if (!this.pub?.isReady) return Promise.reject(new Error('Redis is not connected'));
    return this.pub.ping();
  }

  /** After Socket.IO has closed: what is queued is sent, unless the connection is down. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.clients().map((client) => (client.isReady ? client.close() : client.destroy())));
  }

  private clients(): RedisClient[] {
    return this.pub && this.sub ? [this.pub, this.sub] : [];
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    this.logger.warn(`Redis cannot be reached; retrying (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** `client` whose every method call that answers a promise has that promise marked handled. */
export function withHandledCommands<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
}
