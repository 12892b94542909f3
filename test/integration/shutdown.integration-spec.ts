import { existsSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import type pg from 'pg';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { Envelope } from '../../shared/api/envelope.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { XHR_HEADER, XHR_HEADER_VALUE } from '../../shared/api/headers.js';
import { HEALTH_ENDPOINTS } from '../../shared/health/health.js';
import { TRACKING_ENDPOINTS } from '../../shared/tracking/tracking.js';
import { TRACKING_BATCH_ROWS } from '../../server/src/tracking/tracking-writer.js';
import { connectDatabase, signUp, type TestMember } from '../support/accounts.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { closeAllSockets, connectSocket } from '../support/socket-client.js';
import { claim, expectLedgerBalanced, nextTicket, promotedPost, setTestTimeout, surfer } from '../support/surf-fixtures.js';
import { adminDatabaseUrl } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';
import { visitRecord } from '../support/tracking-fixtures.js';

/**
 * The built server (`npm run build:server` first), shut down as a process manager does: SIGTERM
 * while work is under way. The work is held up in PostgreSQL by a lock the test takes, so it is
 * in flight for as long as the test decides. Under way, a request finishes and a surf claim
 * settles; what arrives meanwhile is answered 503; a second signal or the time-out ends the
 * process at once.
 */
setTestTimeout(import.meta, 60_000);

let database: TestDatabase;
let db: pg.Client;
let server: ServerProcess | undefined;
/** Transactions of the test's, each holding a lock the app's next query waits for. */
const lockers: pg.Client[] = [];

beforeAll(async () => {
  if (!existsSync('dist/server/src/main.js'))
    throw new Error('dist/server/src/main.js is missing: run `npm run build:server` first');
  database = await createTestDatabase(adminDatabaseUrl(), 'down');
  db = await connectDatabase(database.url);
});

afterEach(async () => {
  closeAllSockets();
  for (const locker of lockers.splice(0)) await locker.end().catch(() => undefined);
  await server?.stop();
  server = undefined;
});

afterAll(async () => {
  await db.end();
  await database.drop();
});

function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: database.url,
    CLIENT_DIST_DIR: 'dist/does-not-exist',
    RATE_LIMIT_FACTOR: '50',
    // Views settle at once: no countdown, no verification code.
    SURF_TIMER_SECONDS: '0',
    SURF_CHALLENGES: 'off',
    ...env,
  });
}

/** The process's exit code once it has exited. */
function exitCode(running: ServerProcess): Promise<number | null> {
  const { child } = running;
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Locks `sql` in a transaction of the test's own until release(). */
async function hold(sql: string, params: unknown[] = []): Promise<{ release(): Promise<void> }> {
  const client = await connectDatabase(database.url);
  lockers.push(client);
  await client.query('BEGIN');
  await client.query(sql, params);
  return { release: () => client.query('COMMIT').then(() => undefined) };
}

/** Resolves once `queries` queries of the app wait for locks the test holds: the work is in flight. */
async function appWaitsOnLock(queries = 1): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= queries) return;
    if (Date.now() > deadline) throw new Error('no query of the app is waiting for the lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once the server refuses new connections: it has started draining. */
async function listenerClosed(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(Number(port), hostname);
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    if (Date.now() > deadline) throw new Error('the server still takes new connections');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A JSON POST as the app sends it, written by hand so the test decides what goes on which connection. */
function rawJsonPost(path: string, payload: unknown): string {
  const body = JSON.stringify(payload);
  return [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${XHR_HEADER}: ${XHR_HEADER_VALUE}`,
    '',
    body,
  ].join('\r\n');
}

const loginRequest = (member: TestMember) =>
  rawJsonPost(ACCOUNT_ENDPOINTS.login, { login: member.username, password: member.password });

/** A tracking call (a page view's record), as the tracking script sends it. */
const trackingRequest = () => rawJsonPost(TRACKING_ENDPOINTS.record, visitRecord());

/** Sends page views' records, `parallel` at a time; answers their page ids and the statuses they got. */
async function sendPageViews(url: string, count: number, parallel = 25): Promise<{ pageIds: string[]; statuses: number[] }> {
  const records = Array.from({ length: count }, () => visitRecord());
  const statuses: number[] = [];
  for (let start = 0; start < count; start += parallel) {
    const answers = await Promise.all(
      records.slice(start, start + parallel).map((record) =>
        fetch(`${url}${TRACKING_ENDPOINTS.record}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE },
          body: JSON.stringify(record),
        }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    statuses.push(...answers);
  }
  return { pageIds: records.map((record) => record.pageID), statuses };
}

async function pageViewsOf(pageIds: string[]): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM page_views WHERE page_id = ANY ($1)`, [pageIds])).rows[0].n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function getRequest(path: string): string {
  return [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', '', ''].join('\r\n');
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection written to by hand; `responses()` answers what came back once the server closed it. */
function openConnection(url: string): { socket: Socket; responses(): Promise<RawResponse[]> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, responses: () => ended.then(() => parseResponses(Buffer.concat(chunks).toString('utf8'))) };
}

/** HTTP/1.1 responses one after the other, each with a Content-Length (the app's JSON answers have one). */
function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    if (!headers['content-length']) throw new Error(`a response without Content-Length: ${statusLine}`);
    const bodyStart = headEnd + 4;
    const bodyEnd = bodyStart + Number(headers['content-length']);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(bodyStart, bodyEnd) });
    rest = rest.slice(bodyEnd);
  }
  return responses;
}

async function sessionsOf(userId: number): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1`, [userId])).rows[0].n;
}

it('SIGTERM during a login held up in the database: the login finishes with 200, a request sent meanwhile is answered 503 with Retry-After, and the process exits 0', async () => {
  server = await start();
  const member = await signUp(server.url);
  const sessionsBefore = await sessionsOf(member.id);
  const lock = await hold(`LOCK TABLE sessions IN SHARE ROW EXCLUSIVE MODE`);
  const connection = openConnection(server.url);
  connection.socket.write(loginRequest(member));
  await appWaitsOnLock();

  server.child.kill('SIGTERM');
  await listenerClosed(server.url);
  // The same connection asks again while the login is under way: readiness, as a load balancer's probe.
  connection.socket.write(getRequest(HEALTH_ENDPOINTS.ready));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(server.child.exitCode).toBeNull();
  await lock.release();

  const [login, ready, ...more] = await connection.responses();
  expect(login.status).toBe(200);
  expect((JSON.parse(login.body) as Envelope<unknown>).errors).toEqual([]);
  expect(ready.status).toBe(503);
  expect(ready.headers['retry-after']).toBe('1');
  expect(ready.headers.connection).toBe('close');
  const refusal = JSON.parse(ready.body) as Envelope<null>;
  expect(refusal.data).toBeNull();
  expect(refusal.errors).toEqual([expect.objectContaining({ code: ErrorCode.ShuttingDown, retryAfter: 1 })]);
  expect(more).toEqual([]);
  expect(await exitCode(server)).toBe(0);
  // The login was written, not cut: its session exists.
  expect(await sessionsOf(member.id)).toBe(sessionsBefore + 1);
  expect(server.output).not.toMatch(/Driver not Connected|ERROR|"level":50/);
});

it('a surf claim in flight when SIGTERM arrives settles and is acknowledged; then the server ends the tab’s connection and exits 0', async () => {
  server = await start();
  const owner = await signUp(server.url);
  const pid = await promotedPost(owner, 5);
  const viewer = await surfer(server.url);
  // The viewer confirmed their email: surfing earns only after it.
  await db.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [viewer.id]);
  const idle = await connectSocket(server.url);
  const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
  // surf_claim locks the viewer's row first: the claim waits here.
  const lock = await hold(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [viewer.id]);
  const answer = claim(viewer.tab, ticketId);
  await appWaitsOnLock();

  server.child.kill('SIGTERM');
  await viewer.tab.next('server:restarting');
  // A tab with nothing pending is let go at once; the claiming one is kept until its answer.
  await idle.next('server:restarting');
  expect(await idle.disconnected()).toBe('io server disconnect');
  expect(viewer.tab.connected).toBe(true);
  await lock.release();

  const settled = await answer;
  expect(settled).toEqual({ data: expect.objectContaining({ outcome: 'credited', credited: 1 }) });
  expect(await viewer.tab.disconnected()).toBe('io server disconnect');
  expect(await exitCode(server)).toBe(0);
  const { rows } = await db.query(`SELECT kind, amount FROM credit_ledger WHERE idempotency_key = $1 ORDER BY kind`, [
    `view:${ticketId}`,
  ]);
  expect(rows.map((row) => [row.kind, Number(row.amount)])).toEqual([
    ['view_earned', 1],
    ['view_paid', -1],
  ]);
  expect(Number((await db.query(`SELECT credits FROM campaigns WHERE post_id = $1`, [pid])).rows[0].credits)).toBe(4);
  await expectLedgerBalanced(db);
});

it('a second SIGTERM ends the process at once (code 1) without waiting for the request under way', async () => {
  server = await start();
  const member = await signUp(server.url);
  const lock = await hold(`LOCK TABLE sessions IN SHARE ROW EXCLUSIVE MODE`);
  const connection = openConnection(server.url);
  connection.socket.write(loginRequest(member));
  await appWaitsOnLock();

  server.child.kill('SIGTERM');
  await listenerClosed(server.url);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(server.child.exitCode).toBeNull();
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  expect(await exitCode(server)).toBe(1);
  expect(Date.now() - signalledAt).toBeLessThan(2000);
  expect(await connection.responses()).toEqual([]);
  await lock.release();
});

it('a shutdown that outlasts SHUTDOWN_TIMEOUT_MS ends the process (code 1) and says so', async () => {
  server = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
  const member = await signUp(server.url);
  const lock = await hold(`LOCK TABLE sessions IN SHARE ROW EXCLUSIVE MODE`);
  const connection = openConnection(server.url);
  connection.socket.write(loginRequest(member));
  await appWaitsOnLock();

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  expect(await exitCode(server)).toBe(1);
  const took = Date.now() - signalledAt;
  expect(took).toBeGreaterThanOrEqual(1400);
  expect(took).toBeLessThan(5000);
  expect(server.output).toContain('longer than 1500 ms (SHUTDOWN_TIMEOUT_MS)');
  expect(await connection.responses()).toEqual([]);
  await lock.release();
});

it('shuts down cleanly (code 0) while Redis cannot be reached', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  server = await start({ REDIS_URL: `redis://127.0.0.1:${port}` });
  // Its room broadcasts wait for Redis in the client's queue, and fail when the client is closed.
  const tab = await connectSocket(server.url);
  server.child.kill('SIGTERM');
  expect(await tab.disconnected()).toBe('io server disconnect');
  expect(await exitCode(server)).toBe(0);
  expect(server.output).not.toMatch(/Unhandled|"level":50/);
});

it('SIGTERM while a tracking batch is being written (the database slow): the process waits for it before closing the database, and every call answered 200 is stored', async () => {
  // Only a full batch is written before the shutdown: the whole of it is in flight, none queued.
  server = await start({ TRACKING_FLUSH_MS: '60000' });
  const member = await signUp(server.url);
  const pageViewsLock = await hold(`LOCK TABLE page_views IN SHARE ROW EXCLUSIVE MODE`);
  const { pageIds, statuses } = await sendPageViews(server.url, TRACKING_BATCH_ROWS);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  await appWaitsOnLock();
  // A login held up too, so that a connection is still open while the process drains.
  const sessionsLock = await hold(`LOCK TABLE sessions IN SHARE ROW EXCLUSIVE MODE`);
  const connection = openConnection(server.url);
  connection.socket.write(loginRequest(member));
  await appWaitsOnLock(2);

  server.child.kill('SIGTERM');
  await listenerClosed(server.url);
  // A tracking call arriving now is refused, not taken: nothing is accepted that could be lost.
  connection.socket.write(trackingRequest());
  await sleep(200);
  await sessionsLock.release();
  const [login, refused, ...more] = await connection.responses();
  expect(login.status).toBe(200);
  expect(refused.status).toBe(503);
  expect(refused.headers['retry-after']).toBe('1');
  expect((JSON.parse(refused.body) as Envelope<null>).errors).toEqual([
    expect.objectContaining({ code: ErrorCode.ShuttingDown, retryAfter: 1 }),
  ]);
  expect(more).toEqual([]);

  // Every request has been answered; the batch still waits in PostgreSQL, and so does the process.
  await sleep(500);
  expect(server.child.exitCode).toBeNull();
  await pageViewsLock.release();
  expect(await exitCode(server)).toBe(0);
  expect(await pageViewsOf(pageIds)).toBe(pageIds.length);
  expect(server.output).not.toMatch(/could not be written|Connection terminated|"level":50/);
});

it('a tracking batch the database holds past SHUTDOWN_TIMEOUT_MS: the process exits 1 and says how many accepted rows it could not write', async () => {
  server = await start({ SHUTDOWN_TIMEOUT_MS: '1500', TRACKING_FLUSH_MS: '100' });
  const lock = await hold(`LOCK TABLE page_views IN SHARE ROW EXCLUSIVE MODE`);
  const { statuses } = await sendPageViews(server.url, 10, 1);
  expect(statuses).toEqual(Array(10).fill(200));
  await appWaitsOnLock();

  server.child.kill('SIGTERM');
  expect(await exitCode(server)).toBe(1);
  expect(server.output).toContain('10 tracking rows not written');
  await lock.release();
});
