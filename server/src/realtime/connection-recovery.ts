import { Adapter, SessionAwareAdapter, type BroadcastOptions, type Session } from 'socket.io-adapter';
import type { SocketData } from '@shared/realtime/events.js';
import type { RealtimeServer } from './realtime.service.js';

/**
 * Socket.IO's connection state recovery: a connection dropped for up to this long (a network
 * blip, a phone switching networks, a process restarting behind the load balancer) comes back
 * with its id, its data and its rooms, and is sent the events it missed meanwhile, in order.
 * Longer gaps fall back to the tab's own catch-up (`session:resume`).
 */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/**
 * `skipMiddlewares: false`: a recovered connection still passes the handshake middleware, which
 * checks that its cookie is that of the session it belongs to.
 */
export const CONNECTION_STATE_RECOVERY = { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false } as const;

/**
 * Without Redis: Socket.IO's in-memory adapter for recovery, keeping at most about `maxEvents`
 * events (up to a tenth more, trimmed in batches). On its own it keeps every event of the last
 * 2 to 3 minutes, however many a busy process sends (their memory: bench/recovery/README.md).
 *
 * Events a process sends to all its own connections only (`local`: the clock) are not kept, as
 * with Redis, where only what goes through the stream can be recovered.
 */
export function boundedMemoryAdapter(maxEvents: number): typeof SessionAwareAdapter {
  return class BoundedSessionAwareAdapter extends SessionAwareAdapter {
    override broadcast(packet: unknown, opts: BroadcastOptions): void {
      if (opts.flags?.local) return Adapter.prototype.broadcast.call(this, packet, opts);
      super.broadcast(packet, opts);
      // The adapter's own list, oldest first: a connection whose last event was dropped connects afresh.
      const { packets } = this as unknown as { packets: unknown[] };
      if (packets.length > maxEvents * 1.1) packets.splice(0, packets.length - maxEvents);
    }
  };
}

/**
 * Socket.IO sends the missed events while it builds the recovered socket, before any middleware
 * runs; so whether a saved state may be given back at all is decided here, first: when `mayRecover`
 * refuses it (or fails), the connection starts afresh through the handshake, with no missed events.
 * It is given the rooms the state would give back, so that a tab that lost access to one while it
 * was away neither rejoins it nor gets what was pushed there meanwhile.
 */
export function guardRecovery(
  server: RealtimeServer,
  mayRecover: (data: SocketData, roomNames: string[]) => Promise<boolean>,
): void {
  const adapter = server.sockets.adapter;
  const restore = adapter.restoreSession.bind(adapter);
  const guarded = async (pid: string, offset: string): Promise<Session | null> => {
    const session = await restore(pid, offset);
    return session && (await mayRecover(session.data as SocketData, [...session.rooms])) ? session : null;
  };
  // Socket.IO's own adapters answer null for a state they cannot give back; its typings omit it.
  adapter.restoreSession = guarded as typeof adapter.restoreSession;
}
