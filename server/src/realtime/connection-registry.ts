import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { deploymentKey } from '../config/deployment-key.js';
import { RedisClients } from './redis-clients.js';

/** A killed process never removes its connections' entries: they expire after this long. */
const ENTRY_SECONDS = 24 * 60 * 60;
/** Removes the entry only while it is still this connection's on this process (a recovered connection may have moved). */
const REMOVE_IF_MINE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * Which member holds each open connection, readable by every process: an HTTP call naming its
 * tab's connection (X-Socket-Id: the surf bar's next post) proves that the connection is the
 * member's on whichever process it lands. With REDIS_URL each connection is one Redis key
 * (written when it connects, removed when it ends); without it every connection is this
 * process's, which looks it up in memory. One GET, rather than asking every process for its
 * sockets (`fetchSockets`), which waits for the slowest process and fails while one is dying.
 *
 * An entry left by a killed process is harmless: a ticket issued to a connection that no longer
 * exists can be claimed by nobody (a claim comes over the ticket's own connection).
 */
@Injectable()
export class ConnectionRegistry {
  private readonly logger = new Logger(ConnectionRegistry.name);
  private readonly prefix: string;
  /** Tells this process's entries from another's: a connection recovered elsewhere keeps its entry. */
  private readonly processTag = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly redis: RedisClients,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${deploymentKey(config.databaseUrl ?? '')}:connection:`;
  }

  /** Never fails the connection: without Redis the other processes cannot find it (their call answers 409 not_connected). */
  async register(connectionId: string, userId: number): Promise<void> {
    const client = this.redis.client;
    if (!client?.isReady) return;
    await client
      .set(this.prefix + connectionId, this.entry(userId), { EX: ENTRY_SECONDS })
      .catch((error: unknown) => this.logger.warn(`Registering a connection failed: ${String(error)}`));
  }

  unregister(connectionId: string, userId: number): void {
    const client = this.redis.client;
    if (!client?.isReady) return;
    client.eval(REMOVE_IF_MINE, { keys: [this.prefix + connectionId], arguments: [this.entry(userId)] }).catch(() => undefined);
  }

  /** The member holding a connection of another process; null when none does. 503 while Redis is down. */
  async ownerOf(connectionId: string): Promise<number | null> {
    const client = this.redis.client;
    if (!client) return null;
    if (!client.isReady) throw unreachable();
    const entry = await client.get(this.prefix + connectionId).catch(() => {
      throw unreachable();
    });
    return entry === null ? null : Number(entry.split(':')[0]);
  }

  private entry(userId: number): string {
    return `${userId}:${this.processTag}`;
  }
}

function unreachable(): AppError {
  return new AppError(
    ErrorCode.Unavailable,
    'Reconnecting',
    'We cannot reach part of our service right now. Please try again in a moment.',
    {
      retryAfter: 2,
    },
  );
}
