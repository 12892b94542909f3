// Measures what knowing whether an account room has a tab costs (docs/performance.md, "Live
// campaign figures"): the check a campaign push makes for a room held here (memory), held by
// another process and held by none (one ZCOUNT each), and a process's renewal of its word for
// 10,000 rooms (one pipeline). Run after `npm run build:server`, with REDIS_URL (default
// redis://127.0.0.1:6379); it writes under a deployment key of its own and removes it at the end.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../dist/server/src/config/app-config.js';
import { deploymentKey } from '../../dist/server/src/config/deployment-key.js';
import { RedisClients } from '../../dist/server/src/realtime/redis-clients.js';
import { RoomPresence } from '../../dist/server/src/realtime/room-presence.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOMS = 10_000;
const CHECKS = 20_000;
const config = {
  ...loadConfig({ NODE_ENV: 'test' }),
  databaseUrl: `postgres://bench-${randomBytes(6).toString('hex')}@127.0.0.1/none`,
  redisUrl: REDIS_URL,
};

async function startProcess() {
  const redis = new RedisClients(config);
  await redis.connect();
  const presence = new RoomPresence(redis, config);
  const adapter = new EventEmitter();
  presence.follow(adapter);
  return { redis, presence, adapter };
}

const [here, elsewhere] = [await startProcess(), await startProcess()];
const rooms = Array.from({ length: ROOMS }, (_, i) => `own:${i + 1}`);
let started = performance.now();
for (const room of rooms) here.adapter.emit('create-room', room);
await here.presence.published(rooms);
const joinMs = performance.now() - started;

async function perCheckMicros(presence, room) {
  const begin = performance.now();
  // 100 checks at once, as many owners' pushes come due in the same second.
  for (let i = 0; i < CHECKS; i += 100) await Promise.all(Array.from({ length: 100 }, () => presence.occupied(room)));
  return ((performance.now() - begin) * 1000) / CHECKS;
}

const local = await perCheckMicros(here.presence, rooms[0]);
const remote = await perCheckMicros(elsewhere.presence, rooms[0]);
const absent = await perCheckMicros(elsewhere.presence, 'own:999999999');

// The renewal: its interval is private, so the 'ready' event (which renews at once) stands in for it.
started = performance.now();
here.redis.client.emit('ready');
await here.redis.ping();
const renewMs = performance.now() - started;
const memory = await here.redis.client.memoryUsage(`${deploymentKey(config.databaseUrl)}:presence:${rooms[0]}`);

console.log(`rooms held by one process: ${ROOMS}; joined and written in ${joinMs.toFixed(0)} ms`);
console.log(`check, room held here:       ${local.toFixed(2)} µs`);
console.log(`check, room held elsewhere:  ${remote.toFixed(1)} µs (one ZCOUNT, 100 in flight)`);
console.log(`check, room held nowhere:    ${absent.toFixed(1)} µs (one ZCOUNT, 100 in flight)`);
console.log(`renewal of ${ROOMS} rooms:    ${renewMs.toFixed(0)} ms (one pipeline)`);
console.log(`Redis memory per room held:  ${memory} B`);

for (const room of rooms) here.adapter.emit('delete-room', room);
await here.presence.published(rooms);
for (const { presence, redis } of [here, elsewhere]) {
  presence.onApplicationShutdown();
  await redis.onApplicationShutdown();
}
