import { ErrorCode } from '@shared/api/error-codes.js';
import { SERVER_RESTART_RECONNECT_SPREAD_MS } from '@shared/realtime/events.js';
import type { AppSocket } from './socketAtom.js';

export interface ServerRestarts {
  /** True when this disconnect was the restarting server's: a new connection is on its way. */
  handlesDisconnect(reason: string): boolean;
  /** True when the handshake was refused by a process shutting down: a new connection is on its way. */
  handlesConnectError(error: Error): boolean;
}

/**
 * Keeps a tab connected across a server restart. A process shutting down sends
 * `server:restarting` and then ends the connection itself ('io server disconnect'), which
 * socket.io does not retry on its own (it takes it for a deliberate end, as for a revoked
 * session); nor does it retry a handshake refused with `shutting_down`. Both connect again after
 * a random wait within SERVER_RESTART_RECONNECT_SPREAD_MS, and behind a load balancer reach another
 * process; socket.io's own backoff takes over if that connection fails too.
 */
export function followServerRestarts(
  socket: AppSocket,
  /** False once the tab has dropped this socket (a logout, a team switch): it is then left closed. */
  isCurrent: () => boolean,
  random: () => number = Math.random,
): ServerRestarts {
  let restartAnnounced = false;
  socket.on('server:restarting', () => {
    restartAnnounced = true;
  });
  const reconnectSoon = () => {
    setTimeout(
      () => {
        if (isCurrent() && !socket.connected && !socket.active) socket.connect();
      },
      Math.floor(random() * SERVER_RESTART_RECONNECT_SPREAD_MS),
    );
  };
  return {
    handlesDisconnect(reason) {
      if (reason !== 'io server disconnect' || !restartAnnounced) return false;
      restartAnnounced = false;
      reconnectSoon();
      return true;
    },
    handlesConnectError(error) {
      if ((error as Error & { data?: { code?: unknown } }).data?.code !== ErrorCode.ShuttingDown) return false;
      reconnectSoon();
      return true;
    },
  };
}
