import { ErrorCode } from '@shared/api/error-codes.js';
import type { Ack } from '@shared/realtime/events.js';
import type { SurfClaimRefusalCode } from '@shared/surf/surf-outcomes.js';
import type { SurfClaim, SurfClaimAnswer } from '@shared/surf/surf.js';
import type { ServerRestarts } from './serverRestarts.js';
import type { AppSocket } from './socketAtom.js';

export type ClaimAck = Ack<SurfClaimAnswer, SurfClaimRefusalCode>;

/** A claim's acknowledgement, and the connection it went out on (a `next` post in it is bound to that one). */
export interface SentClaim {
  answer: ClaimAck;
  connectionId: string | null;
}

const OFFLINE: ClaimAck = { error: { code: ErrorCode.Unreachable, message: 'You are offline. Reconnecting…' } };
const NO_ANSWER: ClaimAck = {
  error: { code: ErrorCode.Unreachable, message: 'The server did not answer. Please press Next again.' },
};

/**
 * Sends the Next click for a ticket issued to `ticketConnection` so that a server restart does not
 * lose it. Once the restart notice gave a handover for that connection, the claim is never sent on
 * a connection that is ending: it waits for the next one (the tab reconnects within a second), and
 * a claim whose connection ended before its answer came is sent again there. On a connection
 * other than the ticket's it carries the handover, with which the server lets this connection of
 * the same session claim that ticket. The server settles a ticket once, so a claim sent twice is
 * never credited twice.
 */
export async function claimAcrossRestarts(
  socket: AppSocket,
  restarts: ServerRestarts,
  claim: SurfClaim,
  ticketConnection: string | null,
  timeoutMs: number,
): Promise<SentClaim> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const handover = restarts.handoverFor(ticketConnection);
    if (handover && (restarts.leaving() || !socket.connected) && !(await nextConnection(socket, deadline - Date.now()))) {
      return { answer: NO_ANSWER, connectionId: null };
    }
    if (!socket.connected) return { answer: OFFLINE, connectionId: null };
    const connectionId = socket.id ?? null;
    const payload = handover && connectionId !== ticketConnection ? { ...claim, handover } : claim;
    try {
      const answer = await socket.timeout(Math.max(1, deadline - Date.now())).emitWithAck('surf:claim', payload);
      return { answer, connectionId };
    } catch {
      // Timed out, or the connection ended first: only a restart's handover lets it go again, on the next connection.
      const endedByRestart = !socket.connected && restarts.handoverFor(ticketConnection) !== null;
      if (!endedByRestart || Date.now() >= deadline) return { answer: NO_ANSWER, connectionId };
    }
  }
}

/** Resolves true at the socket's next connect, false when none comes within `ms`. */
function nextConnection(socket: AppSocket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const connected = () => settle(true);
    const timer = setTimeout(() => settle(false), Math.max(0, ms));
    const settle = (result: boolean) => {
      clearTimeout(timer);
      socket.off('connect', connected);
      resolve(result);
    };
    socket.once('connect', connected);
  });
}
