import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { deploymentKey } from '../config/deployment-key.js';
import { RedisClients } from '../realtime/redis-clients.js';

/**
 * Takes turns between processes at pushing one owner's campaign figures: with REDIS_URL, the first
 * process to ask within an interval gets the owner's turn (one Redis SET NX with the interval as
 * its expiry) and the others skip it. Each process coalesces the views it settles on its own, so
 * without turns every process would read and push a busy owner's figures each second. Without
 * Redis (one process), or while it cannot be reached, every ask gets the turn: as many pushes as
 * processes, never none.
 */
@Injectable()
export class PushTurns {
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClients,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${deploymentKey(config.databaseUrl ?? '')}:campaign-push:`;
  }

  async take(owner: string, intervalMs: number): Promise<boolean> {
    const client = this.redis.client;
    if (!client?.isReady) return true;
    try {
      return (
        (await client.set(this.prefix + owner, '1', { condition: 'NX', expiration: { type: 'PX', value: intervalMs } })) !== null
      );
    } catch {
      return true;
    }
  }
}
