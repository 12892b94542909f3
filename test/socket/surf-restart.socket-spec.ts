import { io } from 'socket.io-client';
import { claimAcrossRestarts, type SentClaim } from '../../client/src/realtime/claimAcrossRestarts.js';
import { followServerRestarts, type ServerRestarts } from '../../client/src/realtime/serverRestarts.js';
import type { AppSocket } from '../../client/src/realtime/socketAtom.js';
import { issueHandover } from '../../server/src/realtime/connection-handover.js';
import { RealtimeService } from '../../server/src/realtime/realtime.service.js';
import { SOCKET_PATH } from '../../shared/realtime/events.js';
import type { ConnectionHandover } from '../../shared/realtime/handover.js';
import { logIn, signUp, type TestMember } from '../support/accounts.js';
import { SlowLink, type LinkDelays } from '../support/slow-link.js';
import { connectSocket, socketIdOf, type TestSocket } from '../support/socket-client.js';
import {
  claimWithNext,
  humanClick,
  nextTicket,
  openTickets,
  promotedPost,
  refusal,
  sendClaim,
  setTestTimeout,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * A rolling restart answers every Next click. Two app processes on one database: the file's own,
 * which stays, and one per test that stops (drains) while a member's tab on it holds a ticket.
 * The tab is the client's own code (followServerRestarts, claimAcrossRestarts) over a real
 * socket.io-client, reaching the processes through a link that delivers everything 100 ms late
 * (a phone), which, like the load balancer, sends new connections to the staying process once the
 * other one stops. After every test the ledger is checked (useSurfTestApp).
 */
setTestTimeout(import.meta, 60_000);

const testApp = useSurfTestApp();
const { db } = testApp;
const PHONE: LinkDelays = { toServerMs: 100, toClientMs: 100 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const portOf = (url: string) => Number(new URL(url).port);

let stopping: TestApp | null = null;
let link: SlowLink | null = null;
const phoneSockets: AppSocket[] = [];

afterEach(async () => {
  for (const socket of phoneSockets.splice(0)) socket.disconnect();
  await link?.stop();
  link = null;
  // Its database is the file's: only the app closes.
  await stopping?.app.close();
  stopping = null;
});

/** A second process on the file's database, and a phone's link to it. */
async function stoppingProcessBehindPhoneLink(delays: LinkDelays = PHONE): Promise<{ stopping: TestApp; link: SlowLink }> {
  stopping = await startTestApp(
    { rateLimitFactor: 50, surf: testApp.config.surf },
    { ...testApp.database, create: async () => undefined },
  );
  link = new SlowLink(portOf(stopping.baseUrl), delays);
  await link.start();
  return { stopping, link };
}

interface PhoneTab {
  socket: AppSocket;
  restarts: ServerRestarts;
  /** Resolves with the handover of the first restart notice. */
  notice: Promise<ConnectionHandover | null>;
}

/** The member's tab as the client opens it (session cookie, socketId), through `through`, following restarts. */
async function phoneTab(member: TestMember, through: SlowLink): Promise<PhoneTab> {
  const socket: AppSocket = io(through.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    auth: { socketId: await socketIdOf(member.browser) },
    extraHeaders: { cookie: `sid=${member.browser.sid}` },
  });
  phoneSockets.push(socket);
  // A reconnect 100 ms after the end of the connection, within the client's spread of a second.
  const restarts = followServerRestarts(
    socket,
    () => true,
    () => 0.1,
  );
  socket.on('disconnect', (reason) => restarts.handlesDisconnect(reason));
  const notice = new Promise<ConnectionHandover | null>((resolve) => socket.once('server:restarting', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, restarts, notice };
}

/** A ticket for the tab, asked for on the process the tab is connected to (as its connection is known there). */
async function ticketOn(process: TestApp, member: TestMember, tab: PhoneTab): Promise<{ ticketId: string; connection: string }> {
  const browser = TestBrowser.withCookies(process.baseUrl, { sid: member.browser.sid! });
  const connection = tab.socket.id!;
  const { status, body } = await surfNext(browser, connection);
  if (!body.data?.ticket) throw new Error(`surf next offered nothing: ${status} ${JSON.stringify(body.errors)}`);
  return { ticketId: body.data.ticket.id, connection };
}

/** The surf bar's Next click through the client's code, asking for the next post. */
function click(tab: PhoneTab, ticketId: string, connection: string): Promise<SentClaim> {
  return claimAcrossRestarts(tab.socket, tab.restarts, { ticketId, telemetry: humanClick(), next: true }, connection, 10_000);
}

/** The ledger's view_earned rows of a ticket: one for a credited view, never two. */
async function earnedRowsOf(ticketId: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM credit_ledger WHERE idempotency_key = $1 AND kind = 'view_earned'`,
    [`view:${ticketId}`],
  );
  return rows[0].n;
}

/** A member with two posts of 5 credits on offer (one to view, one to come next), and a viewer. */
async function ownerAndViewer(): Promise<{ viewer: TestMember }> {
  const owner = await signUp(testApp.baseUrl);
  await promotedPost(owner, 5);
  await promotedPost(owner, 5);
  return { viewer: await signUp(testApp.baseUrl) };
}

/** The claim was credited, and the next post came bound to the new connection it went out on. */
async function expectCreditedOnNewConnection(sent: SentClaim, ticketId: string, oldConnection: string, viewer: TestMember) {
  expect(sent.answer).toEqual({ data: expect.objectContaining({ outcome: 'credited', credited: 1 }) });
  expect(sent.connectionId).not.toBeNull();
  expect(sent.connectionId).not.toBe(oldConnection);
  expect(await ticketStatus(db, ticketId)).toBe('claimed');
  expect(await earnedRowsOf(ticketId)).toBe(1);
  const [next] = await openTickets(db, viewer.id);
  expect(next?.[1]).toBe(sent.connectionId);
}

describe('a process that stops while a phone 100 ms away holds a ticket on it', () => {
  it('a Next click 200–300 ms after the restart notice reached the tab is answered over the new connection and credited once', async () => {
    const { viewer } = await ownerAndViewer();
    const { stopping, link } = await stoppingProcessBehindPhoneLink();
    const tab = await phoneTab(viewer, link);
    const { ticketId, connection } = await ticketOn(stopping, viewer, tab);

    link.pointTo(portOf(testApp.baseUrl));
    const drained = stopping.app.get(RealtimeService).drain();
    expect(await tab.notice).toEqual(expect.objectContaining({ connection }));
    await sleep(200 + Math.random() * 100);
    const sent = await click(tab, ticketId, connection);
    await drained;

    await expectCreditedOnNewConnection(sent, ticketId, connection, viewer);
  });

  it('a Next click right as the grace ends and the server ends the connection is answered over the new one and credited once', async () => {
    const { viewer } = await ownerAndViewer();
    const { stopping, link } = await stoppingProcessBehindPhoneLink();
    const tab = await phoneTab(viewer, link);
    const { ticketId, connection } = await ticketOn(stopping, viewer, tab);

    link.pointTo(portOf(testApp.baseUrl));
    const drained = stopping.app.get(RealtimeService).drain();
    await tab.notice;
    // The process ends the connection 300 ms after its notice; that reaches the tab 100 ms later.
    await sleep(300);
    const sent = await click(tab, ticketId, connection);
    await drained;

    await expectCreditedOnNewConnection(sent, ticketId, connection, viewer);
  });

  it('a claim sent before the notice reached the tab, that reaches the process only after it ended the connection, is sent again over the new one and credited once', async () => {
    const { viewer } = await ownerAndViewer();
    // A slow uplink: what the tab sends arrives 400 ms late, past the process's grace.
    const { stopping, link } = await stoppingProcessBehindPhoneLink({ toServerMs: 400, toClientMs: 100 });
    const tab = await phoneTab(viewer, link);
    const { ticketId, connection } = await ticketOn(stopping, viewer, tab);

    link.pointTo(portOf(testApp.baseUrl));
    const drained = stopping.app.get(RealtimeService).drain();
    const sent = click(tab, ticketId, connection);
    await drained;

    await expectCreditedOnNewConnection(await sent, ticketId, connection, viewer);
  });
});

describe('what a handover cannot do', () => {
  const secret = () => testApp.config.sessionSecret;
  /** The handover a stopping process of this deployment would give member `member`'s tab on `connection`. */
  async function handoverOf(member: TestMember, connection: string): Promise<ConnectionHandover> {
    const sessionKey = (await socketIdOf(member.browser))!;
    return issueHandover(secret(), connection, { userId: member.id, sessionKey }, Date.now());
  }
  const claimWith = (tab: TestSocket, ticketId: string, handover: ConnectionHandover) =>
    sendClaim(tab, { ticketId, telemetry: humanClick(), next: true, handover });

  it('another session of the same member cannot claim the ticket with it; the tab of the session that holds it still can, once', async () => {
    const { viewer } = await ownerAndViewer();
    const first = await connectSocket(testApp.baseUrl, viewer.browser);
    const { ticketId } = await nextTicket(viewer.browser, first);
    const handover = await handoverOf(viewer, first.id);
    first.close();

    const otherDevice = new TestBrowser(testApp.baseUrl);
    expect((await logIn(otherDevice, viewer.username, viewer.password)).status).toBe(200);
    const otherTab = await connectSocket(testApp.baseUrl, otherDevice);
    expect(refusal(await claimWith(otherTab, ticketId, handover)).code).toBe('other_tab');
    expect(await ticketStatus(db, ticketId)).toBe('open');

    const sameSession = await connectSocket(testApp.baseUrl, viewer.browser);
    const credited = await claimWith(sameSession, ticketId, handover);
    expect(credited).toEqual({ data: expect.objectContaining({ outcome: 'credited', credited: 1 }) });
    // The same claim again (a retry, a replay) is refused: a ticket is settled once.
    expect(refusal(await claimWith(sameSession, ticketId, handover)).code).toBe('already_counted');
    expect(await earnedRowsOf(ticketId)).toBe(1);
  });

  it('while the connection it names is still open, the ticket is claimed over that connection only', async () => {
    const { viewer } = await ownerAndViewer();
    const first = await connectSocket(testApp.baseUrl, viewer.browser);
    const { ticketId } = await nextTicket(viewer.browser, first);
    const second = await connectSocket(testApp.baseUrl, viewer.browser);
    expect(refusal(await claimWith(second, ticketId, await handoverOf(viewer, first.id))).code).toBe('other_tab');
    expect(await claimWithNext(first, ticketId)).toEqual({ data: expect.objectContaining({ outcome: 'credited' }) });
  });

  it('a forged, altered or expired handover, or one for another member, moves nothing', async () => {
    const { viewer } = await ownerAndViewer();
    const first = await connectSocket(testApp.baseUrl, viewer.browser);
    const { ticketId } = await nextTicket(viewer.browser, first);
    const genuine = await handoverOf(viewer, first.id);
    const firstId = first.id;
    first.close();
    const sessionKey = (await socketIdOf(viewer.browser))!;
    const second = await connectSocket(testApp.baseUrl, viewer.browser);
    const stranger = await signUp(testApp.baseUrl);
    const strangersTab = await connectSocket(testApp.baseUrl, stranger.browser);

    const attempts: [TestSocket, ConnectionHandover][] = [
      [second, { ...genuine, proof: genuine.proof.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }],
      [second, { ...genuine, expiresAt: genuine.expiresAt + 60_000 }],
      [second, issueHandover('a secret this deployment does not have', firstId, { userId: viewer.id, sessionKey }, Date.now())],
      [second, issueHandover(secret(), firstId, { userId: viewer.id, sessionKey }, Date.now() - 3 * 60_000)],
      [strangersTab, genuine],
      [strangersTab, await handoverOf(stranger, firstId)],
    ];
    for (const [tab, handover] of attempts) {
      expect(refusal(await claimWith(tab, ticketId, handover)).code).toMatch(/^(other_tab|not_yours)$/);
    }
    expect(await openTickets(db, viewer.id)).toEqual([[ticketId, firstId]]);
  });

  it('the countdown still runs on the server: a claim handed over before it ends is too early', async () => {
    const { viewer } = await ownerAndViewer();
    const first = await connectSocket(testApp.baseUrl, viewer.browser);
    const { ticketId } = await nextTicket(viewer.browser, first);
    await db.query(`UPDATE view_tickets SET timer_seconds = 60 WHERE id = $1`, [ticketId]);
    const handover = await handoverOf(viewer, first.id);
    first.close();
    const second = await connectSocket(testApp.baseUrl, viewer.browser);
    expect(refusal(await claimWith(second, ticketId, handover))).toMatchObject({
      code: 'too_early',
      retryAfter: expect.any(Number),
    });
    expect(await earnedRowsOf(ticketId)).toBe(0);
    await db.query(`UPDATE view_tickets SET timer_seconds = 0 WHERE id = $1`, [ticketId]);
    expect(await claimWith(second, ticketId, handover)).toEqual({ data: expect.objectContaining({ outcome: 'credited' }) });
  });
});
