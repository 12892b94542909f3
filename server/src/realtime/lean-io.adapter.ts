import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Socket } from 'socket.io';

/**
 * Nest's Socket.IO adapter, minus what each connection of this app would carry for nothing
 * (memory per socket: bench/fanout/README.md). The gateway declares no @SubscribeMessage handler
 * (features answer events through RealtimeService's shared listeners), yet Nest's adapter builds
 * an rxjs `disconnect$` chain for every socket all the same, about 1.8 KB a connection: with no
 * handler to bind there is nothing to build. A socket disconnects once, so its disconnect
 * callback needs no `once` wrapper.
 */
export class LeanIoAdapter extends IoAdapter {
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    if (handlers.length > 0) super.bindMessageHandlers(socket, handlers, transform);
  }

  override bindClientDisconnect(client: Socket, callback: (reason: string) => void): void {
    client.on('disconnect', callback);
  }
}
