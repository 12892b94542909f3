import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { isAccountRoom } from '@shared/realtime/events.js';
import type { Adapter } from 'socket.io-adapter';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { deploymentKey } from '../config/deployment-key.js';
import { RedisClients } from './redis-clients.js';

/** How long a process's word that it holds a room lasts unless renewed: a killed process stops counting after this. */
export const PRESENCE_TTL_MS = 90_000;
/** How often a process renews its word for every account room it holds. */
const RENEW_EVERY_MS = 30_000;

/**
 * Whether an account's room (rooms.ownAccount, rooms.team) has a tab on any process, answered
 * without asking the processes for their sockets (`fetchSockets`, which waits for the slowest).
 *
 * This process's rooms are its adapter's, read in memory. With REDIS_URL each process also
 * writes which account rooms it holds: one sorted set per room, its members the processes
 * holding it, each scored with the moment its word expires. The adapter's `create-room` (the
 * room's first tab here, joined or recovered) adds this process, `delete-room` (its last tab left
 * or disconnected) removes it, and every RENEW_EVERY_MS the process renews its word for the rooms
 * it holds, so a killed process stops counting PRESENCE_TTL_MS after its last renewal. A room is
 * held elsewhere when one member's word has not expired (one ZCOUNT).
 *
 * Without REDIS_URL there is one process, whose rooms are all there is. While Redis cannot be
 * reached a broadcast reaches this process's tabs alone, so this process's rooms are all that
 * count; what it joined meanwhile is written once Redis is back.
 */
@Injectable()
export class RoomPresence implements OnApplicationShutdown {
  private readonly logger = new Logger(RoomPresence.name);
  private readonly prefix: string;
  /** Tells this process's word from another's. */
  private readonly processTag = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  /** The account rooms with a tab on this process. */
  private readonly held = new Set<string>();
  /** Words on their way to Redis, by room: a handshake waits for its rooms' before the client hears it is connected. */
  private readonly writes = new Map<string, Promise<void>>();
  private renewal: ReturnType<typeof setInterval> | null = null;
  private lastWarningAt = 0;

  constructor(
    private readonly redis: RedisClients,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${deploymentKey(config.databaseUrl ?? '')}:presence:`;
  }

  /** Follows the account rooms of this process's adapter from now on. */
  follow(adapter: Adapter): void {
    adapter.on('create-room', (room: string) => {
      if (!isAccountRoom(room)) return;
      this.held.add(room);
      this.publish(room, true);
    });
    adapter.on('delete-room', (room: string) => {
      if (!this.held.delete(room)) return;
      this.publish(room, false);
    });
    const client = this.redis.client;
    if (!client) return;
    client.on('ready', () => this.renew());
    this.renewal = setInterval(() => this.renew(), RENEW_EVERY_MS);
    this.renewal.unref();
  }

  /** Whether the room has a tab on this process, or (with Redis) on another. */
  async occupied(room: string): Promise<boolean> {
    if (this.held.has(room)) return true;
    const client = this.redis.client;
    if (!client?.isReady) return false;
    try {
      return (await client.zCount(this.prefix + room, Date.now(), '+inf')) > 0;
    } catch (error) {
      // Cannot tell: a push too many costs a read, a push too few leaves a tab's figures stale.
      this.warn(error);
      return true;
    }
  }

  /** Resolves once this process's word for these rooms has reached Redis, or failed to. */
  async published(roomNames: Iterable<string>): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const room of roomNames) {
      const write = this.writes.get(room);
      if (write) pending.push(write);
    }
    await Promise.all(pending);
  }

  onApplicationShutdown(): void {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
  }

  private publish(room: string, present: boolean): void {
    const client = this.redis.client;
    if (!client?.isReady) return;
    const key = this.prefix + room;
    const now = Date.now();
    const batch = present
      ? client
          .multi()
          .zAdd(key, { score: now + PRESENCE_TTL_MS, value: this.processTag })
          .pExpire(key, PRESENCE_TTL_MS)
      : // Words of killed processes go with this process's.
        client.multi().zRem(key, this.processTag).zRemRangeByScore(key, '-inf', now);
    const write: Promise<void> = batch
      .execAsPipeline()
      .then(
        () => undefined,
        (error: unknown) => this.warn(error),
      )
      .finally(() => {
        if (this.writes.get(room) === write) this.writes.delete(room);
      });
    this.writes.set(room, write);
  }

  /** Renews this process's word for every room it holds, in one pipeline. */
  private renew(): void {
    const client = this.redis.client;
    if (!client?.isReady || this.held.size === 0) return;
    const expiresAt = Date.now() + PRESENCE_TTL_MS;
    const batch = client.multi();
    for (const room of this.held) {
      batch.zAdd(this.prefix + room, { score: expiresAt, value: this.processTag }).pExpire(this.prefix + room, PRESENCE_TTL_MS);
    }
    batch.execAsPipeline().catch((error: unknown) => this.warn(error));
  }

  /** One warning per renewal interval at most: an outage is logged by the Socket.IO adapter already. */
  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarningAt < RENEW_EVERY_MS) return;
    this.lastWarningAt = now;
    this.logger.warn(`Writing or reading which account rooms have tabs failed: ${String(error)}`);
  }
}
