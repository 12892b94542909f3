// Diagnostic preload (node --import): replaces Nest's IoAdapter.bindMessageHandlers, which builds
// an rxjs chain (fromEvent → mergeMap → takeUntil(disconnect$) → subscribe) per message handler per
// gateway per socket, with one plain listener per handler. Same behaviour for handlers that return a
// value or a promise (acks, { event, data } answers, errors logged). Used by
// bench/fanout/profile-memory.mjs to measure what those chains cost per socket; not for production.
import { IoAdapter } from '@nestjs/platform-socket.io';

IoAdapter.prototype.bindMessageHandlers = function bindMessageHandlers(socket, handlers) {
  for (const { message, callback, isAckHandledManually } of handlers) {
    socket.on(message, async (...payload) => {
      const { data, ack } = this.mapPayload(payload);
      try {
        const response = await callback(data, ack);
        if (response === null || response === undefined) return;
        if (response.event) {
          socket.emit(response.event, response.data);
          return;
        }
        if (!isAckHandledManually && typeof ack === 'function') ack(response);
      } catch (error) {
        this.logger.error(error);
      }
    });
  }
};
