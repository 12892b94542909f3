import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { Server, ServerOptions } from 'socket.io';
import { LeanIoAdapter } from './lean-io.adapter.js';
import type { RealtimeServer } from './realtime.service.js';
import type { RedisClients } from './redis-clients.js';
import { resilientStreamsAdapter, streamsOptions, type RedisClient } from './redis-streams.js';

/**
 * With REDIS_URL, Socket.IO rooms span every server process: an event emitted in one process
 * reaches sockets connected to any other, through a Redis stream (redis-streams.ts).
 *
 * Redis may restart or become unreachable: node-redis reconnects on its own, this process keeps
 * serving its own sockets meanwhile, the outage and the recovery are logged once each, and once
 * Redis is back, when events of this process could not reach the others, every tab is told to
 * catch up (`realtime:resync`). The connection is RedisClients', which closes it after Socket.IO has closed.
 */
export class RedisIoAdapter extends LeanIoAdapter {
  private readonly redisLog = new Logger('Redis');
  private readonly client: RedisClient;
  private server: RealtimeServer | null = null;
  private reachable: boolean | null = null;
  private missedBroadcasts = 0;

  /**
   * `deploymentKey` separates deployments sharing one Redis: processes of one app (one database)
   * share the stream and channels, other apps' processes do not. The stream keeps the last
   * `recoveryEvents` events, to recover dropped connections.
   */
  constructor(
    app: INestApplicationContext,
    redis: RedisClients,
    private readonly deploymentKey: string,
    private readonly recoveryEvents: number,
  ) {
    super(app);
    if (!redis.client) throw new Error('REDIS_URL is not set');
    this.client = redis.client;
    // Without an 'error' listener node-redis would throw, ending the process at Redis's first hiccup.
    this.client.on('error', (error: Error) => this.lost(error));
    this.client.on('ready', () => this.ready());
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const adapter = resilientStreamsAdapter(
      this.client,
      streamsOptions(this.deploymentKey, this.recoveryEvents),
      () => this.missedBroadcasts++,
    );
    const server: Server = super.createIOServer(port, { ...options, adapter } as ServerOptions);
    this.server = server as RealtimeServer;
    return server;
  }

  private lost(error: Error): void {
    // node-redis reports every failed reconnection attempt; one line per outage is enough.
    if (this.reachable === false) return;
    this.reachable = false;
    this.redisLog.warn(
      `Redis cannot be reached (${error.message}): Socket.IO events reach this process's sockets only until it is back`,
    );
  }

  private ready(): void {
    if (this.reachable === false) this.redisLog.warn('Redis can be reached again');
    this.reachable = true;
    if (this.missedBroadcasts === 0) return;
    this.redisLog.warn(`${this.missedBroadcasts} events did not reach the other processes: asking every tab to catch up`);
    this.missedBroadcasts = 0;
    this.server?.emit('realtime:resync');
  }
}
