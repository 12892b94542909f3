import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Adapter } from 'socket.io-adapter';
import { loadConfig } from '../../server/src/config/app-config.js';
import { RedisClients } from '../../server/src/realtime/redis-clients.js';
import { PRESENCE_TTL_MS, RoomPresence } from '../../server/src/realtime/room-presence.js';
import { rooms } from '../../shared/realtime/events.js';

/**
 * Which account rooms have a tab on some process, as the processes of one deployment see it
 * through one Redis (REDIS_URL_FOR_TESTS; skipped without). Each "process" is a RoomPresence of
 * its own following an adapter the test drives: `create-room` when a room's first tab joins it
 * there, `delete-room` when its last tab leaves.
 */
const REDIS_URL = process.env.REDIS_URL_FOR_TESTS;
const describeWithRedis = REDIS_URL ? describe : describe.skip;

/** A fresh deployment each run: runs sharing the Redis never see each other's rooms. */
const databaseUrl = `postgres://presence-${randomBytes(6).toString('hex')}@127.0.0.1/none`;

interface TestProcess {
  presence: RoomPresence;
  adapter: EventEmitter;
  redis: RedisClients;
}

const started: TestProcess[] = [];

async function startProcess(redisUrl: string | undefined): Promise<TestProcess> {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl, redisUrl };
  const redis = new RedisClients(config);
  await redis.connect();
  const presence = new RoomPresence(redis, config);
  const adapter = new EventEmitter();
  presence.follow(adapter as unknown as Adapter);
  const testProcess = { presence, adapter, redis };
  started.push(testProcess);
  return testProcess;
}

/** A room's first tab joined on the process, and what it wrote reached Redis. */
async function firstTabJoins(testProcess: TestProcess, room: string): Promise<void> {
  testProcess.adapter.emit('create-room', room);
  await testProcess.presence.published([room]);
}

afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  for (const { presence, redis } of started.splice(0)) {
    presence.onApplicationShutdown();
    await redis.onApplicationShutdown();
  }
});

describeWithRedis('an account room’s tabs, across processes', () => {
  it('a room with a tab on one process is occupied for every process, until its last tab there leaves', async () => {
    const [x, y] = [await startProcess(REDIS_URL), await startProcess(REDIS_URL)];
    const room = rooms.ownAccount(101);
    expect(await y.presence.occupied(room)).toBe(false);

    await firstTabJoins(x, room);
    expect(await x.presence.occupied(room)).toBe(true);
    expect(await y.presence.occupied(room)).toBe(true);
    expect(await y.presence.occupied(rooms.ownAccount(102))).toBe(false);

    x.adapter.emit('delete-room', room);
    await x.presence.published([room]);
    expect(await y.presence.occupied(room)).toBe(false);
  });

  it('a room held on two processes stays occupied while either still has a tab in it', async () => {
    const [x, y, z] = [await startProcess(REDIS_URL), await startProcess(REDIS_URL), await startProcess(REDIS_URL)];
    const room = rooms.team(7);
    await firstTabJoins(x, room);
    await firstTabJoins(y, room);
    x.adapter.emit('delete-room', room);
    await x.presence.published([room]);
    expect(await z.presence.occupied(room)).toBe(true);
  });

  it('a killed process’s room stops counting once its word has expired', async () => {
    const [x, y] = [await startProcess(REDIS_URL), await startProcess(REDIS_URL)];
    const room = rooms.ownAccount(103);
    await firstTabJoins(x, room);
    // Killed: it never says its tab left, and never renews its word.
    x.presence.onApplicationShutdown();

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + PRESENCE_TTL_MS - 1000);
    expect(await y.presence.occupied(room)).toBe(true);
    jest.spyOn(Date, 'now').mockReturnValue(now + PRESENCE_TTL_MS + 1000);
    expect(await y.presence.occupied(room)).toBe(false);
  });

  it('a live process renews its word, so a tab open for longer than the expiry still counts', async () => {
    // Only the renewal's interval is faked: Redis's connection keeps its real timers.
    jest.useFakeTimers({
      doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'setTimeout', 'clearTimeout'],
    });
    const [x, y] = [await startProcess(REDIS_URL), await startProcess(REDIS_URL)];
    const room = rooms.ownAccount(104);
    await firstTabJoins(x, room);

    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + PRESENCE_TTL_MS / 2);
    jest.advanceTimersByTime(PRESENCE_TTL_MS / 2);
    await x.redis.ping();
    clock.mockReturnValue(now + PRESENCE_TTL_MS + 1000);
    expect(await y.presence.occupied(room)).toBe(true);
  });

  it('a room that is no account’s is not written', async () => {
    const [x, y] = [await startProcess(REDIS_URL), await startProcess(REDIS_URL)];
    await firstTabJoins(x, rooms.post(5));
    expect(await y.presence.occupied(rooms.post(5))).toBe(false);
  });
});

describe('without Redis (one process)', () => {
  it('a room is occupied while this process has a tab in it', async () => {
    const only = await startProcess(undefined);
    const room = rooms.ownAccount(105);
    expect(await only.presence.occupied(room)).toBe(false);
    only.adapter.emit('create-room', room);
    expect(await only.presence.occupied(room)).toBe(true);
    only.adapter.emit('delete-room', room);
    expect(await only.presence.occupied(room)).toBe(false);
  });
});
