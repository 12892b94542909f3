import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server/src/common/errors/database-unavailable.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { databaseCalls as databaseCallsOf, expectDatabaseUnavailable } from '../support/database-calls.js';
import { eventually } from '../support/eventually.js';
import { captureErrorLog } from '../support/error-log.js';
import { connectSocket, socketIdOf, type TestSocket } from '../support/socket-client.js';
import { humanClick } from '../support/surf-fixtures.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * The app reaches its database through a TCP proxy the test cuts: while it is cut every call that
 * needs the database answers 503 `unavailable` with Retry-After (never a 500, never an error log
 * line), socket acknowledgements answer `unavailable` with retryAfter, and once the proxy is back
 * the same calls succeed again without a restart.
 */
let proxy: TcpProxy | undefined;
let member: TestMember;
let tab: TestSocket;
const errorLog = captureErrorLog();

const testApp = useTestApp(
  {},
  {
    appDatabaseUrl: async (databaseUrl) => {
      const target = new URL(databaseUrl);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      return proxy.urlThrough(databaseUrl);
    },
    // A database outage is not a bug of ours: it is warned about, never logged as an error.
    afterEach: async () => expect(errorLog.lines.splice(0)).toEqual([]),
  },
);

beforeAll(async () => {
  member = await signUp(testApp.baseUrl);
  tab = await connectSocket(testApp.baseUrl, member.browser);
});

afterAll(async () => {
  errorLog.stop();
  await proxy?.cut();
});

const databaseCalls = () => databaseCallsOf(testApp.baseUrl, member, tab);

it('answers 503 unavailable with Retry-After while the database is unreachable, and recovers when it is back', async () => {
  for (const { name, send } of databaseCalls()) {
    expect({ name, status: (await send()).status }).toEqual({ name, status: 200 });
  }

  const socketId = await socketIdOf(member.browser);
  await proxy!.cut();
  // A tab of a member the app knows (from its cache) connects: it is let in with the clock only,
  // the credit count it shows stays as it was.
  const secondTab = await connectSocket(testApp.baseUrl, member.browser, { socketId });
  expect(secondTab.live).toEqual({ live_time: expect.any(Number) });

  // Nothing of the driver's own error reaches the caller.
  for (const call of databaseCalls()) await expectDatabaseUnavailable(call, /ECONNREFUSED|terminated|127\.0\.0\.1|postgres/i);

  // Socket acknowledgements answer the same way.
  const resume = await tab.resume({ afterNotificationId: 0 });
  expect(resume).toEqual({
    error: { code: ErrorCode.Unavailable, message: expect.any(String), retryAfter: DATABASE_RETRY_AFTER_SECONDS },
  });
  const claim = await tab.socket.timeout(3000).emitWithAck('surf:claim', { ticketId: randomUUID(), telemetry: humanClick() });
  expect(claim).toEqual({
    error: { code: ErrorCode.Unavailable, message: expect.any(String), retryAfter: DATABASE_RETRY_AFTER_SECONDS },
  });

  await proxy!.restore();
  await eventually(async () => {
    for (const { name, send } of databaseCalls()) {
      expect({ name, status: (await send()).status }).toEqual({ name, status: 200 });
    }
  }, 10_000);
  expect(await tab.resume({ afterNotificationId: 0 })).toMatchObject({ data: { unread: 0 } });
});
