import type { INestApplicationContext } from '@nestjs/common';
import type { Server, ServerOptions } from 'socket.io';
import { boundedMemoryAdapter } from './connection-recovery.js';
import { LeanIoAdapter } from './lean-io.adapter.js';

/** Without REDIS_URL: one process, which keeps the last `recoveryEvents` events in memory to recover dropped connections. */
export class LocalIoAdapter extends LeanIoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly recoveryEvents: number,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    return super.createIOServer(port, { ...options, adapter: boundedMemoryAdapter(this.recoveryEvents) } as ServerOptions);
  }
}
