import { existsSync } from 'node:fs';
import type pg from 'pg';
import { createClient } from 'redis';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ADMIN_USER_ENDPOINTS } from '../../shared/admin/users.js';
import { ANNOUNCEMENT_ENDPOINTS } from '../../shared/announcements/announcements.js';
import type { ResumeAnswer } from '../../shared/realtime/events.js';
import { deploymentKey } from '../../server/src/config/deployment-key.js';
import { streamsOptions } from '../../server/src/realtime/redis-streams.js';
import { connectDatabase, signUp, type TestMember } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { PrivateRedis, hasRedisServer } from '../support/redis-server.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { closeAllSockets, connectSocket } from '../support/socket-client.js';
import { createAnnouncement, notifyThroughRest, signUpAdmin } from '../support/socket-fixtures.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { TestBrowser } from '../support/test-browser.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';

/**
 * Two built server processes (`npm run build:server` first) on one database and a redis-server
 * of this file's own, which the last test kills and starts again: tabs that drop for a moment
 * get back what the other process sent meanwhile, and a Redis restart leaves both processes
 * serving. Skipped where no `redis-server` binary is installed.
 */
const describeWithRedis = hasRedisServer ? describe : describe.skip;
/** A short stream (SOCKET_RECOVERY_EVENTS), so that a test can send more events than it keeps. */
const STREAM_LENGTH = 100;

const redis = new PrivateRedis();
let database: TestDatabase | undefined;
let processA: ServerProcess | undefined;
let processB: ServerProcess | undefined;
let db: pg.Client | undefined;
let admin: TestMember;
let a: string;
let b: string;

describeWithRedis('two processes sharing a Redis stream', () => {
  beforeAll(async () => {
    if (!existsSync('dist/server/src/main.js'))
      throw new Error('dist/server/src/main.js is missing: run `npm run build:server` first');
    await redis.start();
    database = await createTestDatabase(process.env.DATABASE_URL!, 'sockrec');
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      RATE_LIMIT_FACTOR: '50',
      CLIENT_DIST_DIR: 'dist/does-not-exist',
      LOG_LEVEL: 'warn',
      SOCKET_RECOVERY_EVENTS: String(STREAM_LENGTH),
    };
    // One after the other: the first applies the migrations to the fresh database.
    processA = await startServerProcess(env);
    processB = await startServerProcess(env);
    a = processA.url;
    b = processB.url;
    db = await connectDatabase(database.url);
    admin = await signUpAdmin(a, db);
  }, 60_000);

  afterEach(() => closeAllSockets());

  afterAll(async () => {
    await db?.end();
    await Promise.all([processA?.stop(), processB?.stop()]);
    await redis.kill();
    await database?.drop();
  });

  /** A new member, signed up through process A; their browser's cookie works on both processes. */
  const member = () => signUp(a);
  /** The same session's browser, talking to process B. */
  const onB = (someone: TestMember) => TestBrowser.withCookies(b, { sid: someone.browser.sid! });
  const portOf = (url: string) => Number(new URL(url).port);

  it('a tab on B that drops while A sends it a notification, an announcement and credit counts comes back recovered with each once', async () => {
    const someone = await member();
    const tabOnB = await connectSocket(b, onB(someone));
    const startingCredits = tabOnB.live.cc!;
    await tabOnB.drop();

    const item = await notifyThroughRest(admin.browser, someone.id);
    const announcement = await createAnnouncement(admin.browser, { auth: 'members' });
    for (const amount of [5, 7]) {
      expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.credits(someone.id), { amount, reason: 'test' })).status).toBe(200);
    }

    expect(await tabOnB.reconnect()).toEqual({ recovered: true });
    expect(await tabOnB.next('notification:new')).toEqual([item, 1]);
    expect(await tabOnB.next('announcement:show')).toEqual([announcement]);
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push((await tabOnB.next('live:data', undefined, (live) => live.cc !== undefined))[0].cc!);
    // Both missed counts in order, then the current one every connection starts with.
    expect(counts).toEqual([startingCredits + 5, startingCredits + 12, startingCredits + 12]);
    await Promise.all([
      tabOnB.expectNo('notification:new'),
      tabOnB.expectNo('announcement:show'),
      tabOnB.expectNo('live:data', undefined, (live) => live.cc !== undefined),
    ]);
    await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${announcement.id}/end`);
  });

  it('a tab that drops from B and whose reconnection the load balancer sends to A is recovered there, rooms and all', async () => {
    const someone = await member();
    const balancer = new TcpProxy('127.0.0.1', portOf(b));
    await balancer.start();
    try {
      const tab = await connectSocket(balancer.urlThrough(b), onB(someone));
      const id = tab.id;
      await tab.drop();
      const missed = await notifyThroughRest(onB(admin), someone.id);

      balancer.pointTo(portOf(a));
      expect(await tab.reconnect()).toEqual({ recovered: true });
      expect(tab.id).toBe(id);
      expect(await tab.next('notification:new')).toEqual([missed, 1]);
      // Now on A: what B sends reaches it through the stream, once.
      const later = await notifyThroughRest(onB(admin), someone.id);
      expect(await tab.next('notification:new')).toEqual([later, 2]);
      await tab.expectNo('notification:new');
    } finally {
      await balancer.cut();
    }
  });

  it('a tab on B whose session was logged out through A while it was away connects afresh as a visitor, without what was sent meanwhile', async () => {
    const someone = await member();
    const tabOnB = await connectSocket(b, onB(someone));
    const wire: unknown[] = [];
    tabOnB.socket.io.on('packet', (packet) => wire.push(packet));
    await tabOnB.drop();
    expect((await someone.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
    await notifyThroughRest(admin.browser, someone.id, 'Sent after the logout');

    expect(await tabOnB.reconnect()).toEqual({ recovered: false });
    expect((await tabOnB.next('live:data'))[0]).toEqual({ live_time: expect.any(Number) });
    expect(JSON.stringify(wire)).not.toContain('Sent after the logout');
  });

  it('a tab away while more events were sent than the stream keeps connects afresh, and its catch-up answers what it missed', async () => {
    const [someone, other] = await Promise.all([member(), member()]);
    const tabOnB = await connectSocket(b, onB(someone));
    await tabOnB.drop();
    const missed = await notifyThroughRest(admin.browser, someone.id);
    for (let i = 0; i < 3 * STREAM_LENGTH; i += 25) {
      await Promise.all(Array.from({ length: 25 }, () => notifyThroughRest(admin.browser, other.id)));
    }
    // Trimmed approximately (`MAXLEN ~`): whole blocks of entries (100 by default) at a time.
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      expect(await client.xLen(streamsOptions(deploymentKey(database!.url), STREAM_LENGTH).streamName!)).toBeLessThanOrEqual(
        2 * STREAM_LENGTH,
      );
    } finally {
      client.destroy();
    }

    expect(await tabOnB.reconnect()).toEqual({ recovered: false });
    await tabOnB.expectNo('notification:new');
    const caughtUp = (await tabOnB.resume({ afterNotificationId: 0 })) as { data: ResumeAnswer };
    expect(caughtUp.data.notifications).toEqual([missed]);
  });

  // Last: it restarts Redis.
  it('while Redis is down each process serves its own sockets; once it is back, tabs are told to catch up and events cross again', async () => {
    const someone = await member();
    const [tabOnA, tabOnB] = await Promise.all([connectSocket(a, someone.browser), connectSocket(b, onB(someone))]);
    const before = await notifyThroughRest(admin.browser, someone.id);
    await Promise.all([tabOnA.next('notification:new'), tabOnB.next('notification:new')]);

    await redis.kill();
    await eventually(async () => {
      for (const serverProcess of [processA!, processB!]) expect(serverProcess.output).toMatch(/Redis cannot be reached/);
    });
    // Process A goes on serving its own sockets: a new connection, and a notification to its tab at once.
    const secondTabOnA = await connectSocket(a, someone.browser);
    const duringOutage = await notifyThroughRest(admin.browser, someone.id, 'Sent while Redis was down');
    expect(await tabOnA.next('notification:new')).toEqual([duringOutage, 2]);
    expect(await secondTabOnA.next('notification:new')).toEqual([duringOutage, 2]);
    // The tab on B does not get it: events sent while Redis is down do not reach other processes.
    await tabOnB.expectNo('notification:new', 1000);

    await redis.start();
    // A could not pass its events on: every tab, on both processes, is told to catch up...
    await tabOnB.next('realtime:resync', 10_000);
    await tabOnA.next('realtime:resync');
    // ...and the catch-up answers what the tab on B missed.
    const caughtUp = (await tabOnB.resume({ afterNotificationId: before.id })) as { data: ResumeAnswer };
    expect(caughtUp.data.notifications).toEqual([duringOutage]);
    expect(caughtUp.data.unread).toBe(2);

    // Events cross between the processes again, and handshakes on either one work.
    const afterwards = await notifyThroughRest(admin.browser, someone.id, 'Sent after the restart');
    expect(await tabOnB.next('notification:new')).toEqual([afterwards, 3]);
    await connectSocket(b, onB(someone));
    for (const serverProcess of [processA!, processB!]) {
      expect(serverProcess.child.exitCode).toBeNull();
      // The Socket.IO adapter says it once per outage (the rate limits' own warning is apart), and
      // its end once the process's own connection is back (its reads reconnect on their own, maybe sooner).
      expect(serverProcess.output.match(/Socket\.IO events reach this process's sockets only/g)).toHaveLength(1);
      await eventually(async () => expect(serverProcess.output).toMatch(/Redis can be reached again/), 10_000);
    }
  }, 30_000);
});
