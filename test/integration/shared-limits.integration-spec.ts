import { ErrorCode } from '../../shared/api/error-codes.js';
import { CONTACT_ENDPOINTS } from '../../shared/contact/contact.js';
import { SOCIAL_PATHS } from '../../shared/feed/feed.js';
import { connectDatabase, signUp } from '../support/accounts.js';
import { captureWarnLog } from '../support/error-log.js';
import { postBy } from '../support/social-fixtures.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { TestBrowser } from '../support/test-browser.js';
import { adminDatabaseUrl, serverErrors, startTestApp, type TestApp } from '../support/test-app.js';
import { planTestDatabase } from '../support/test-postgres.js';

/**
 * Rate limits of app instances sharing one database, at their real size (factor 1) and behind a
 * proxy (TRUST_PROXY), so each test comes from addresses of its own through X-Forwarded-For.
 * Without REDIS_URL an instance counts in its own memory; with one Redis (REDIS_URL_FOR_TESTS,
 * without which those tests are skipped) the instances count every limit together. The counters
 * are keyed by the deployment, derived from the database, which is new for every run: runs
 * sharing the Redis never share counts.
 */
const REDIS_URL = process.env.REDIS_URL_FOR_TESTS;
const describeWithRedis = REDIS_URL ? describe : describe.skip;

const database = planTestDatabase(adminDatabaseUrl(), 'it');
/** The same database for every further instance: made, and migrated, by the first. */
const sameDatabase = { ...database, create: async () => undefined };
const limitsAtRealSize = { rateLimitFactor: 1, trustProxy: ['127.0.0.1'] };
/** Instances on one Redis: the further ones, started after the first (which migrates the database). */
const onRedis = (redisUrl: string) => startTestApp({ ...limitsAtRealSize, redisUrl }, sameDatabase);

let inMemory: TestApp | undefined;

beforeAll(async () => {
  inMemory = await startTestApp(limitsAtRealSize, database);
});

afterEach(() => expect(serverErrors.splice(0)).toEqual([]));

afterAll(async () => {
  await (inMemory ? inMemory.close() : database.drop());
});

const from = (app: TestApp, ip: string) => new TestBrowser(app.baseUrl, { 'x-forwarded-for': ip });
const contactMessage = (subject: string) => ({
  name: 'Vera Visitor',
  email: 'vera@example.test',
  subject,
  message: 'Hello, how do I earn credits faster?',
});

async function storedMessages(subjectPrefix: string): Promise<number> {
  const db = await connectDatabase(database.url);
  try {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM contact_messages WHERE subject LIKE $1`, [
      `${subjectPrefix}%`,
    ]);
    return rows[0].n as number;
  } finally {
    await db.end();
  }
}

/** The refusal of a limited call: 429 with Retry-After, and the envelope's code and retryAfter. */
function expectRateLimited(answer: Awaited<ReturnType<TestBrowser['post']>>, windowSeconds: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body.errors[0].code).toBe(ErrorCode.RateLimited);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.body.errors[0].retryAfter).toBe(retryAfter);
}

describe('without REDIS_URL', () => {
  it('counts a per-address limit in the process: the 6th contact message an hour from one address is 429', async () => {
    const visitor = from(inMemory!, '203.0.113.60');
    for (let sent = 0; sent < 5; sent++) {
      expect((await visitor.post(CONTACT_ENDPOINTS.send, contactMessage(`In memory ${sent}`))).status).toBe(200);
    }
    expectRateLimited(await visitor.post(CONTACT_ENDPOINTS.send, contactMessage('In memory 5')), 60 * 60);
    expect(await storedMessages('In memory')).toBe(5);
  });
});

describeWithRedis('with REDIS_URL, two app instances on one Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await onRedis(REDIS_URL!);
    b = await onRedis(REDIS_URL!);
  });

  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
  });

  it('a per-address limit counts the requests to both: the 6th contact message an hour from one address is 429 on either', async () => {
    const onA = from(a, '203.0.113.61');
    const onB = from(b, '203.0.113.61');
    for (let sent = 0; sent < 5; sent++) {
      const visitor = sent % 2 === 0 ? onA : onB;
      expect((await visitor.post(CONTACT_ENDPOINTS.send, contactMessage(`Shared ${sent}`))).status).toBe(200);
    }
    expectRateLimited(await onB.post(CONTACT_ENDPOINTS.send, contactMessage('Shared 5')), 60 * 60);
    expectRateLimited(await onA.post(CONTACT_ENDPOINTS.send, contactMessage('Shared 6')), 60 * 60);
    expect(await storedMessages('Shared')).toBe(5);
    // Another address is not affected, on either.
    expect((await from(b, '198.51.100.61').post(CONTACT_ENDPOINTS.send, contactMessage('Other'))).status).toBe(200);
  });

  it('a per-member limit counts the member’s writes through both: the 11th comment within a minute is 429', async () => {
    const writer = await signUp(a.baseUrl, {}, from(a, '198.51.100.62'));
    const other = await signUp(a.baseUrl, {}, from(a, '198.51.100.63'));
    const pid = await postBy(writer.browser);
    const writerOnB = TestBrowser.withCookies(b.baseUrl, { sid: writer.browser.sid! });
    const write = (browser: TestBrowser, text: string) => browser.post(SOCIAL_PATHS.comments(pid), { text, parentId: null });
    for (let i = 0; i < 10; i++) {
      const { status } = await write(i % 2 === 0 ? writer.browser : writerOnB, `Comment ${i}`);
      expect({ i, status }).toEqual({ i, status: 200 });
    }
    const refused = await write(writerOnB, 'Comment 10');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe(ErrorCode.RateLimited);
    expect(refused.body.errors[0].retryAfter).toBeGreaterThan(0);
    expect(refused.body.errors[0].retryAfter).toBeLessThanOrEqual(60);
    expect((await write(writer.browser, 'Comment 11')).status).toBe(429);
    // Another member is not affected.
    expect((await write(TestBrowser.withCookies(b.baseUrl, { sid: other.browser.sid! }), 'Hello')).status).toBe(200);
  });
});

describeWithRedis('with REDIS_URL, while Redis cannot be reached', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let warnings: ReturnType<typeof captureWarnLog>;

  beforeAll(async () => {
    const redis = new URL(REDIS_URL!);
    proxy = new TcpProxy(redis.hostname, Number(redis.port || 6379));
    await proxy.start();
    app = await onRedis(proxy.urlThrough(REDIS_URL!));
    warnings = captureWarnLog();
  });

  afterAll(async () => {
    warnings?.stop();
    await proxy?.restore();
    // Closing the Socket.IO adapter's Redis clients (QUIT) waits for them to be connected, and
    // node-redis retries a lost connection at most 2.2 s apart.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await app?.app.close();
    await proxy?.cut();
  });

  it('answers every request, counts the limits in the process instead, and logs a warning', async () => {
    await proxy.cut();
    const visitor = from(app, '203.0.113.64');
    for (let sent = 0; sent < 5; sent++) {
      expect((await visitor.post(CONTACT_ENDPOINTS.send, contactMessage(`Outage ${sent}`))).status).toBe(200);
    }
    expectRateLimited(await visitor.post(CONTACT_ENDPOINTS.send, contactMessage('Outage 5')), 60 * 60);
    expect(await storedMessages('Outage')).toBe(5);
    expect(warnings.lines).toContainEqual(expect.stringMatching(/Redis cannot be reached.*counted in this process/));
  });
});
