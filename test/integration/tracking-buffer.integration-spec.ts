import pg from 'pg';
import { ErrorCode } from '../../shared/api/error-codes.js';
import type { Envelope } from '../../shared/api/envelope.js';
import { XHR_HEADER, XHR_HEADER_VALUE } from '../../shared/api/headers.js';
import { TRACKING_ENDPOINTS } from '../../shared/tracking/tracking.js';
import { TrackingWriter } from '../../server/src/tracking/tracking-writer.js';
import { signUp } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { postBy } from '../support/social-fixtures.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { startTestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { visitRecord } from '../support/tracking-fixtures.js';

/**
 * The write buffer's bounds: it is written every TRACKING_FLUSH_MS by itself; while the database
 * cannot be reached it fills up to TRACKING_BUFFER_MAX rows and then sheds calls with 503
 * `unavailable` and Retry-After (nothing crashes), and once the database is back it drains; a
 * closing app writes everything it holds before its database connection closes. One address may
 * make only so many tracking calls a minute.
 */
const BUFFER_MAX = 5;
/** 600 calls a minute per address, scaled down so the last test reaches it: 30. */
const RATE_LIMIT_FACTOR = 0.05;
const LIMIT = 30;
let proxy: TcpProxy | undefined;
const testApp = useTestApp(
  { tracking: { bufferMax: BUFFER_MAX, flushMs: 100, retentionDays: 90 }, rateLimitFactor: RATE_LIMIT_FACTOR },
  {
    appDatabaseUrl: async (databaseUrl) => {
      const target = new URL(databaseUrl);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      return proxy.urlThrough(databaseUrl);
    },
  },
);

afterAll(async () => {
  await proxy?.cut();
});

/** A plain fetch: the 503s of this file are what it tests, not server errors. */
async function send(baseUrl: string, path: string, method: string, json: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE },
    body: JSON.stringify(json),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Envelope<null>,
  };
}

async function pageViews(db: pg.Client, pageIds: string[]): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM page_views WHERE page_id = ANY ($1)`, [pageIds]);
  return rows[0].n;
}

it('writes what it buffers within TRACKING_FLUSH_MS, without being asked', async () => {
  const record = visitRecord();
  expect((await send(testApp.baseUrl, TRACKING_ENDPOINTS.record, 'POST', record)).status).toBe(200);
  await eventually(async () => expect(await pageViews(testApp.db, [record.pageID])).toBe(1), 2000);
});

it('fills up while the database is away, then answers 503 with Retry-After; when it returns, every accepted call lands', async () => {
  await proxy!.cut();
  const records = Array.from({ length: BUFFER_MAX + 3 }, () => visitRecord());
  const answers = [];
  for (const record of records) answers.push(await send(testApp.baseUrl, TRACKING_ENDPOINTS.record, 'POST', record));

  expect(answers.map((answer) => answer.status)).toEqual([...Array(BUFFER_MAX).fill(200), 503, 503, 503]);
  for (const shed of answers.slice(BUFFER_MAX)) {
    expect(shed.status).toBe(503);
    expect(shed.body.errors).toEqual([expect.objectContaining({ code: ErrorCode.Unavailable, retryAfter: expect.any(Number) })]);
    expect(Number(shed.retryAfter)).toBeGreaterThan(0);
  }

  // Several ticks fail meanwhile; each keeps its batch.
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(testApp.app.get(TrackingWriter).size).toBe(BUFFER_MAX);

  await proxy!.restore();
  const accepted = records.slice(0, BUFFER_MAX).map((record) => record.pageID);
  await eventually(async () => expect(await pageViews(testApp.db, accepted)).toBe(BUFFER_MAX), 15_000);
  expect(
    await pageViews(
      testApp.db,
      records.slice(BUFFER_MAX).map((record) => record.pageID),
    ),
  ).toBe(0);
  // Drained: calls are taken again.
  expect((await send(testApp.baseUrl, TRACKING_ENDPOINTS.record, 'POST', visitRecord())).status).toBe(200);
}, 30_000);

it('writes everything it holds when the app closes, before the database connection goes', async () => {
  const app = await startTestApp({ tracking: { bufferMax: 50_000, flushMs: 60_000, retentionDays: 90 } });
  const db = new pg.Client({ connectionString: app.database.url });
  await db.connect();
  try {
    const owner = await signUp(app.baseUrl);
    const postId = await postBy(owner.browser);
    const records = Array.from({ length: 40 }, () => visitRecord());
    const answers = await Promise.all([
      ...records.map((record) => send(app.baseUrl, TRACKING_ENDPOINTS.record, 'POST', record)),
      // One viewer (one address, no member): every view is stored, and counted once.
      ...records.map((record) =>
        send(app.baseUrl, `${TRACKING_ENDPOINTS.feedActivity}/post_view`, 'POST', {
          obj: postId,
          notes: { source: 'website', seen: 10, time: 2000, visit: record.visitID },
        }),
      ),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(
      await pageViews(
        db,
        records.map((record) => record.pageID),
      ),
    ).toBe(0);

    await app.app.close();

    expect(
      await pageViews(
        db,
        records.map((record) => record.pageID),
      ),
    ).toBe(records.length);
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM feed_events) AS events, (SELECT sum(viewed)::int FROM post_stats_hourly) AS viewed`,
    );
    expect(rows[0]).toEqual({ events: records.length, viewed: 1 });
  } finally {
    await db.end();
    await app.database.drop();
  }
});

it('refuses an address past its record calls of the minute with 429 rate_limited and Retry-After', async () => {
  const answers = [];
  for (let i = 0; i < LIMIT; i++) answers.push(await send(testApp.baseUrl, TRACKING_ENDPOINTS.record, 'POST', visitRecord()));
  const refused = answers.find((answer) => answer.status === 429);
  expect(refused?.body.errors[0].code).toBe(ErrorCode.RateLimited);
  expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
});
