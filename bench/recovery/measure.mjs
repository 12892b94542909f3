// Measures what keeping events for connection state recovery costs (bench/recovery/README.md):
// without Redis, the process's memory per event and the bound; with Redis, the stream's Redis
// memory per event kind, the longest recovery, and the bound. Run with `node --expose-gc` after
// `npm run build:server`; the Redis part needs a `redis-server` binary (it starts its own on a
// Unix socket and stops it at the end).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { SessionAwareAdapter } from 'socket.io-adapter';
import { loadConfig } from '../../dist/server/src/config/app-config.js';
import { boundedMemoryAdapter } from '../../dist/server/src/realtime/connection-recovery.js';
import { resilientStreamsAdapter, streamsOptions } from '../../dist/server/src/realtime/redis-streams.js';

if (!global.gc) throw new Error('run with node --expose-gc');
const maxEvents = loadConfig({}).socketRecoveryEvents;
const connectionStateRecovery = { maxDisconnectionDuration: 120_000 };

// Fresh strings per event, as events built from database rows have.
const notification = (i) => ({
  id: i,
  type: 'admin_message',
  heading: `A notification heading of usual length ${i}`,
  body: `Its body: a sentence or two that tells member ${i} what happened and what to do next.`,
  link: '/notifications',
  createdAt: new Date().toISOString(),
  read: false,
});
const announcement = (i) => ({
  id: i,
  heading: `Scheduled maintenance ${i}`,
  content: `We will be down for 10 minutes on Sunday at 03:00 UTC (${i}). Thank you for your patience.`,
  footer: null,
  link: null,
  classContext: 'info',
  type: 'announcement',
  auth: 'all',
  only: [],
  except: [],
  createdAt: new Date().toISOString(),
  startsAt: null,
  endsAt: null,
});
/** Each as the app sends it: to a user's room, or to an audience minus the members who dismissed it. */
const kinds = {
  'notification:new': (io, i) => io.to(`user:${1_000_000 + i}`).emit('notification:new', notification(i), 3),
  'live:data (cc)': (io, i) => io.to(`user:${1_000_000 + i}`).emit('live:data', { cc: 1234 + i, live_time: Date.now() }),
  'announcement:show': (io, i) =>
    io
      .to('audience:members')
      .except([`user:${i}`, `user:${i + 1}`])
      .emit('announcement:show', announcement(i)),
};

async function send(io, emit, count) {
  for (let i = 0; i < count; i++) {
    emit(io, i);
    if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

function heapUsed() {
  global.gc();
  return process.memoryUsage().heapUsed;
}

console.log(`SOCKET_RECOVERY_EVENTS ${maxEvents}\n\nIn memory (no Redis):`);
for (const [kind, emit] of Object.entries(kinds)) {
  const io = new Server(createServer(), { connectionStateRecovery, adapter: SessionAwareAdapter });
  const before = heapUsed();
  await send(io, emit, maxEvents);
  console.log(`  ${kind}: ${Math.round((heapUsed() - before) / maxEvents)} B each`);
  io.close();
}
const bounded = new Server(createServer(), { connectionStateRecovery, adapter: boundedMemoryAdapter(maxEvents) });
await send(bounded, kinds['notification:new'], 4 * maxEvents);
console.log(`  after ${4 * maxEvents} notifications the bounded adapter keeps ${bounded.of('/').adapter.packets.length}`);
bounded.close();

if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.log('\nNo redis-server binary: the Redis part is skipped.');
  process.exit(0);
}
const directory = mkdtempSync(join(tmpdir(), 'recovery-bench-'));
const socketPath = join(directory, 'redis.sock');
const redisServer = spawn('redis-server', ['--port', '0', '--unixsocket', socketPath, '--save', '', '--appendonly', 'no'], {
  stdio: 'ignore',
});
await new Promise((resolve) => setTimeout(resolve, 500));
const client = createClient({ socket: { path: socketPath } });
client.on('error', () => undefined);
await client.connect();
const options = streamsOptions('surfex:0123456789abcdef', maxEvents);
const io = new Server(createServer(), {
  connectionStateRecovery,
  adapter: resilientStreamsAdapter(client, options, () => undefined),
});
const adapter = io.of('/').adapter;
const memory = async () => Number(await client.sendCommand(['MEMORY', 'USAGE', options.streamName, 'SAMPLES', '0']));

console.log(`\nRedis stream (${(await client.info('server')).match(/redis_version:(\S+)/)[0]}):`);
for (const [kind, emit] of Object.entries(kinds)) {
  await client.del(options.streamName);
  await send(io, emit, maxEvents);
  const entries = await client.xLen(options.streamName);
  const bytes = await memory();
  // The longest recovery: a connection whose last event is the oldest one kept reads all the others.
  adapter.persistSession({ sid: 'sid', pid: 'pid', rooms: ['user:1000001'], data: {} });
  const [{ id: oldest }] = await client.xRange(options.streamName, '-', '+', { COUNT: 1 });
  const started = performance.now();
  await adapter.restoreSession('pid', oldest);
  const recoveryMs = performance.now() - started;
  console.log(
    `  ${kind}: ${entries} entries, ${(bytes / 2 ** 20).toFixed(1)} MiB (${Math.round(bytes / entries)} B each); ` +
      `recovering from the oldest: ${recoveryMs.toFixed(0)} ms`,
  );
}
await send(io, kinds['notification:new'], 3 * maxEvents);
console.log(
  `  after ${4 * maxEvents} notifications: ${await client.xLen(options.streamName)} entries, ${((await memory()) / 2 ** 20).toFixed(1)} MiB`,
);

io.close();
client.destroy();
redisServer.kill('SIGKILL');
rmSync(directory, { recursive: true, force: true });
