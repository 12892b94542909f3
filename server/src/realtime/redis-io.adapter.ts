import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import type { RedisClients } from './redis-clients.js';

/**
 * With REDIS_URL, Socket.IO rooms span every server process: an event emitted in one process
 * reaches sockets connected to any other (publish/subscribe through Redis). The connections are
 * RedisClients', which closes them after Socket.IO has closed.
 */
export class RedisIoAdapter extends IoAdapter {
  /**
   * `channelKey` separates deployments sharing one Redis: processes of one app (one database)
   * share rooms, other apps' processes do not.
   */
  constructor(
    app: INestApplicationContext,
    private readonly redis: RedisClients,
    private readonly channelKey: string,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    const { pub, sub } = this.redis.forAdapter();
    server.adapter(createAdapter(pub, sub, { key: this.channelKey }));
    return server;
  }
}
