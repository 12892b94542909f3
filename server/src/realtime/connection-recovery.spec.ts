import { Server } from 'socket.io';
import type { SessionAwareAdapter } from 'socket.io-adapter';
import { boundedMemoryAdapter, CONNECTION_STATE_RECOVERY } from './connection-recovery.js';

/** A Socket.IO server that never listens (nothing to close; the adapter's own timer does not hold the process): its adapter is what these tests look at. */
function serverKeeping(maxEvents: number): { io: Server; adapter: SessionAwareAdapter } {
  const io = new Server({ adapter: boundedMemoryAdapter(maxEvents), connectionStateRecovery: CONNECTION_STATE_RECOVERY });
  return { io, adapter: io.of('/').adapter as SessionAwareAdapter };
}

/** What a connection that dropped after the event with `offset` is sent when it comes back. */
async function missedSince(adapter: SessionAwareAdapter, offset: string): Promise<unknown[][]> {
  adapter.persistSession({ sid: 'old-sid', pid: 'tab', rooms: ['old-sid', 'user:1'], data: {} });
  const session = await adapter.restoreSession('tab', offset);
  return (session?.missedPackets ?? []).map((data: unknown[]) => data.slice(0, -1)); // without the offset each carries
}

describe('boundedMemoryAdapter', () => {
  it('keeps about maxEvents events, the newest', () => {
    const { io, adapter } = serverKeeping(10);
    for (let n = 1; n <= 30; n++) io.emit('live:data', { n } as never);
    const kept = (adapter as unknown as { packets: { data: unknown[] }[] }).packets;
    expect(kept.length).toBeLessThanOrEqual(11);
    expect(kept.at(-1)?.data[1]).toEqual({ n: 30 });
  });

  it('gives a recovered connection what it missed, but not what the process sent its own connections only (the clock)', async () => {
    const { io, adapter } = serverKeeping(100);
    io.to('user:1').emit('live:data', { cc: 1 } as never);
    const offset = (adapter as unknown as { packets: { id: string }[] }).packets[0].id;
    io.local.emit('live:data', { live_time: 1 } as never);
    io.to('user:1').emit('live:data', { cc: 2 } as never);
    expect(await missedSince(adapter, offset)).toEqual([['live:data', { cc: 2 }]]);
  });
});
