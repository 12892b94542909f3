import { existsSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { connectDatabase, signUp, type TestMember } from '../support/accounts.js';
import { ClusterSurfer, creditedViewsOf } from '../support/cluster-surfer.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { startNginx, type RunningNginx } from '../support/nginx.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { SlowLink } from '../support/slow-link.js';
import { closeAllSockets, connectSocket } from '../support/socket-client.js';
import { notifyThroughRest, signUpAdmin } from '../support/socket-fixtures.js';
import {
  expectLedgerBalanced,
  grantCredits,
  pauseEveryCampaign,
  promotedPost,
  setTestTimeout,
} from '../support/surf-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * The deployment of docs/scaling.md on one machine: nginx in front of three built app processes
 * (`npm run build:server` first) sharing one PostgreSQL database and one Redis. Members use the
 * load balancer's address only; processes are killed and restarted under them.
 */
setTestTimeout(import.meta, 120_000);

const REDIS_URL = process.env.REDIS_URL_FOR_TESTS ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Node {
  port: number;
  url: string;
  process: ServerProcess | null;
}

let database: TestDatabase | undefined;
let db: pg.Client | undefined;
let nginx: RunningNginx | undefined;
let nodes: Node[] = [];
let env: Record<string, string>;
let admin: TestMember;
const surfers: ClusterSurfer[] = [];
const links: SlowLink[] = [];

async function start(node: Node): Promise<void> {
  node.process = await startServerProcess({ ...env, PORT: String(node.port) });
}

beforeAll(async () => {
  if (!existsSync('dist/server/src/main.js'))
    throw new Error('dist/server/src/main.js is missing: run `npm run build:server` first');
  database = await createTestDatabase(process.env.DATABASE_URL!, 'cluster');
  env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_FACTOR: '50',
    // The surfers here click faster than a person may: lift the per-tab event limit.
    SOCKET_EVENTS_PER_WINDOW: '1000',
    CLIENT_DIST_DIR: 'dist/does-not-exist',
    LOG_LEVEL: 'warn',
    // Views settle at once: no countdown, no verification code.
    SURF_TIMER_SECONDS: '0',
    SURF_CHALLENGES: 'off',
  };
  const ports = [await freePort(), await freePort(), await freePort()];
  nodes = ports.map((port) => ({ port, url: `http://127.0.0.1:${port}`, process: null }));
  // The first applies the migrations to the fresh database; the others start beside each other.
  await start(nodes[0]);
  await Promise.all(nodes.slice(1).map(start));
  db = await connectDatabase(database.url);
  // Other runs may share this Redis: user ids far from theirs keep the `user:<id>` rooms apart.
  await db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [randomInt(1_000_000, 2_000_000_000)]);
  nginx = await startNginx(ports);
  admin = await signUpAdmin(nodes[0].url, db);
}, 90_000);

afterEach(async () => {
  for (const surfer of surfers.splice(0)) surfer.close();
  closeAllSockets();
  await Promise.all(links.splice(0).map((link) => link.stop()));
  if (db) {
    await expectLedgerBalanced(db);
    await pauseEveryCampaign(db);
  }
});

afterAll(async () => {
  await db?.end();
  await nginx?.stop();
  await Promise.all(nodes.map((node) => node.process?.stop()));
  await database?.drop();
});

/** `count` running campaigns of `credits` each, from posters of their own (10 posts each). */
async function campaigns(count: number, credits: number): Promise<void> {
  for (let made = 0; made < count; made += 10) {
    const poster = await signUp(nginx!.url);
    const posts = Math.min(10, count - made);
    await grantCredits(db!, poster.id, posts * credits);
    for (let i = 0; i < posts; i++) await promotedPost(poster, credits);
  }
}

/**
 * `count` members joining through nginx (or `url`, a link in front of it), their tabs opened one
 * after another: nginx's round robin then spreads the tabs over all three processes (each connect
 * is two requests: /data/start and the WebSocket upgrade), their email confirmed.
 */
async function joinedSurfers(count: number, url = nginx!.url): Promise<ClusterSurfer[]> {
  const joined: ClusterSurfer[] = [];
  for (let i = 0; i < count; i++) joined.push(await ClusterSurfer.join(url));
  // They confirmed their email (surfing earns only after it).
  await db!.query(`UPDATE users SET email_confirmed_at = now() WHERE id = ANY($1)`, [joined.map((surfer) => surfer.member.id)]);
  for (const surfer of joined) await surfer.connect();
  surfers.push(...joined);
  return joined;
}

/** What the ledger credited each surfer, against what each was told; answers the ledger's counts. */
async function expectNothingLostOrDoubled(group: ClusterSurfer[], exact: boolean): Promise<Map<number, number>> {
  const inLedger = await creditedViewsOf(
    db!,
    group.map((surfer) => surfer.member.id),
  );
  for (const surfer of group) {
    const credited = inLedger.get(surfer.member.id)!;
    // Every credit the server confirmed is in the ledger once; a claim whose answer was lost with
    // its process is in it once or not at all.
    expect(credited).toBeGreaterThanOrEqual(surfer.credited);
    expect(credited).toBeLessThanOrEqual(surfer.credited + (exact ? 0 : surfer.unanswered));
  }
  await expectLedgerBalanced(db!);
  return inLedger;
}

it('members sign up, log in and surf through nginx; a notification created on one process reaches a tab on another', async () => {
  const group = await joinedSurfers(3);
  await campaigns(10, 3);
  await Promise.all(group.map((surfer) => surfer.surf(() => false)));
  for (const surfer of group) {
    expect(surfer.problems).toEqual([]);
    expect(surfer.credited).toBe(10);
  }
  await expectNothingLostOrDoubled(group, true);

  const { member } = group[0];
  const tabOnThird = await connectSocket(nodes[2].url, TestBrowser.withCookies(nodes[2].url, { sid: member.browser.sid! }));
  const item = await notifyThroughRest(admin.browser, member.id, 'Sent through the first process');
  const [received] = await tabOnThird.next('notification:new');
  expect(received).toEqual(item);
});

it('a process killed mid-surf: its members carry on through the others, and no credit is lost or doubled', async () => {
  const group = await joinedSurfers(6);
  await campaigns(40, 6);
  const total = () => group.reduce((sum, surfer) => sum + surfer.credited, 0);
  const surfing = Promise.all(group.map((surfer) => surfer.surf(() => false, 20)));

  await eventually(async () => expect(total()).toBeGreaterThanOrEqual(30), 30_000);
  const killed = nodes[1];
  try {
    const exited = new Promise((resolve) => killed.process!.child.once('exit', resolve));
    killed.process!.child.kill('SIGKILL');
    await exited;
    killed.process = null;
    const atKill = total();
    await surfing;
    expect(total()).toBeGreaterThan(atKill);
  } finally {
    if (!killed.process) await start(killed);
  }

  expect(group.reduce((sum, surfer) => sum + surfer.reconnects, 0)).toBeGreaterThan(0);
  for (const surfer of group) expect(surfer.problems).toEqual([]);
  // Every member viewed every post once, the dead process's members included, through the other two.
  const inLedger = await expectNothingLostOrDoubled(group, false);
  expect([...inLedger.values()]).toEqual(group.map(() => 40));
});

it('a rolling restart of all three processes loses nothing: every claim is answered and in the ledger once, from phones 100 ms away too', async () => {
  const phones = new SlowLink(Number(new URL(nginx!.url).port), { toServerMs: 100, toClientMs: 100 });
  await phones.start();
  links.push(phones);
  const group = [...(await joinedSurfers(3)), ...(await joinedSurfers(3, phones.url))];
  await campaigns(60, 6);
  let restarted = false;
  // A click up to 600 ms after the post shows: some come just after a restart notice reached the tab.
  const surfing = Promise.all(group.map((surfer) => surfer.surf(() => restarted, 600)));
  const total = () => group.reduce((sum, surfer) => sum + surfer.credited, 0);

  for (const node of nodes) {
    const before = total();
    await node.process!.stop();
    node.process = null;
    await start(node);
    // Members kept surfing while this process was away.
    await eventually(async () => expect(total()).toBeGreaterThan(before), 20_000);
  }
  restarted = true;
  await surfing;

  for (const surfer of group) {
    expect(surfer.problems).toEqual([]);
    expect(surfer.unanswered).toBe(0);
    expect(surfer.reconnects).toBeGreaterThan(0);
  }
  await expectNothingLostOrDoubled(group, true);
});
