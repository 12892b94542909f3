import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * With REDIS_URL, Socket.IO rooms span every server process: an event emitted in one process
 * reaches sockets connected to any other (publish/subscribe through Redis).
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly pub;
  private readonly sub;

  /**
   * `channelKey` separates deployments sharing one Redis: processes of one app (one database)
   * share rooms, other apps' processes do not.
   */
  constructor(
    app: INestApplicationContext,
    redisUrl: string,
    private readonly channelKey: string,
  ) {
    super(app);
    this.pub = createClient({ url: redisUrl });
    this.sub = this.pub.duplicate();
  }

  async connect(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    server.adapter(createAdapter(this.pub, this.sub, { key: this.channelKey }));
    return server;
  }

  async dispose(): Promise<void> {
    await super.dispose();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
