import { ErrorCode } from '@shared/api/error-codes.js';
import { SERVER_RESTART_RECONNECT_SPREAD_MS } from '@shared/realtime/events.js';
import type { ConnectionHandover } from '@shared/realtime/handover.js';
import type { AppSocket } from './socketAtom.js';

/** Handovers kept: those of the last few restarts this tab went through are plenty. */
const HANDOVERS_KEPT = 4;

export interface ServerRestarts {
  /** True when this disconnect was the restarting server's: a new connection is on its way. */
  handlesDisconnect(reason: string): boolean;
  /** True when the handshake was refused by a process shutting down: a new connection is on its way. */
  handlesConnectError(error: Error): boolean;
  /**
   * True from a restart notice until the next connection: the connection is about to end, so
   * what is sent on it now may never be answered.
   */
  leaving(): boolean;
  /** The handover a restart notice gave for `connection` (an earlier connection of this tab), or null. */
  handoverFor(connection: string | null): ConnectionHandover | null;
}

/**
 * Keeps a tab connected across a server restart. A process shutting down sends
 * `server:restarting` and then ends the connection itself ('io server disconnect'), which
 * socket.io does not retry on its own (it takes it for a deliberate end, as for a revoked
 * session); nor does it retry a handshake refused with `shutting_down`. Both connect again after
 * a random wait within SERVER_RESTART_RECONNECT_SPREAD_MS, and behind a load balancer reach another
 * process; socket.io's own backoff takes over if that connection fails too. The notice's
 * handover is kept, so the surf bar can claim the ticket of the ended connection on the new one.
 */
export function followServerRestarts(
  socket: AppSocket,
  /** False once the tab has dropped this socket (a logout, a team switch): it is then left closed. */
  isCurrent: () => boolean,
  random: () => number = Math.random,
): ServerRestarts {
  let restartAnnounced = false;
  let leaving = false;
  const handovers = new Map<string, ConnectionHandover>();
  socket.on('server:restarting', (handover) => {
    restartAnnounced = true;
    leaving = true;
    if (!handover) return;
    handovers.set(handover.connection, handover);
    if (handovers.size > HANDOVERS_KEPT) handovers.delete(handovers.keys().next().value!);
  });
  socket.on('connect', () => {
    leaving = false;
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
    leaving: () => leaving,
    handoverFor: (connection) => (connection === null ? null : (handovers.get(connection) ?? null)),
  };
}
