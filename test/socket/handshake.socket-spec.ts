import type { SessionInfo } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ANNOUNCEMENT_ENDPOINTS } from '../../shared/announcements/announcements.js';
import { MAX_SOCKETS_PER_USER } from '../../shared/realtime/events.js';
import { logIn, signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, refusedConnection, socketIdOf, type TestSocket } from '../support/socket-client.js';
import { createAnnouncement, notifyThroughRest, useAdmin } from '../support/socket-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useTestApp();
const admin = useAdmin(testApp);

const tab = (member: TestMember) => connectSocket(testApp.baseUrl, member.browser);

/** The member's own tab gets a fresh notification and `socket` does not: proof it hears nothing private of them. */
async function hearsNothingOf(member: TestMember, memberTab: TestSocket, socket: TestSocket): Promise<void> {
  const item = await notifyThroughRest(admin.browser, member.id);
  const [[received]] = await Promise.all([memberTab.next('notification:new'), socket.expectNo('notification:new')]);
  expect(received).toEqual(item);
}

/** A second, separately logged-in browser of the same member. */
async function secondDevice(member: TestMember): Promise<TestBrowser> {
  const browser = new TestBrowser(testApp.baseUrl);
  expect((await logIn(browser, member.username, member.password)).status).toBe(200);
  return browser;
}

describe('forged handshakes get nothing private', () => {
  it("no cookie but another user's socketId connects as a visitor", async () => {
    const victim = await signUp(testApp.baseUrl);
    const victimTab = await tab(victim);
    const stolenSocketId = (await socketIdOf(victim.browser))!;

    const forged = await connectSocket(testApp.baseUrl, undefined, { sid: null, socketId: stolenSocketId });
    expect(forged.live).toEqual({ live_time: expect.any(Number) }); // no credit count: a visitor
    await hearsNothingOf(victim, victimTab, forged);
    expect(await forged.resume({ afterNotificationId: 0 })).toEqual({
      data: { notifications: [], unread: 0, live: { live_time: expect.any(Number) }, announcements: [] },
    });

    // It is in the visitors' audience, not the members'.
    const forVisitors = await createAnnouncement(admin.browser, { auth: 'visitors' });
    const forMembers = await createAnnouncement(admin.browser, { auth: 'members' });
    expect(await forged.next('announcement:show')).toEqual([forVisitors]);
    await forged.expectNo('announcement:show');
    expect(await victimTab.next('announcement:show')).toEqual([forMembers]);
    for (const { id } of [forVisitors, forMembers]) await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${id}/end`);
  });

  it('a valid cookie with a wrong or missing socketId is refused', async () => {
    const member = await signUp(testApp.baseUrl);
    const other = await signUp(testApp.baseUrl);
    const sid = member.browser.sid!;
    expect(await refusedConnection(testApp.baseUrl, { sid, socketId: 'not-the-session-socket-id' })).toMatch(/does not belong/);
    expect(await refusedConnection(testApp.baseUrl, { sid, socketId: null })).toMatch(/does not belong/);
    // Another member's socketId with this member's cookie: refused too, not connected as either.
    expect(await refusedConnection(testApp.baseUrl, { sid, socketId: (await socketIdOf(other.browser))! })).toMatch(
      /does not belong/,
    );
    // A payload the schema refuses (not a string) is refused the same way.
    expect(await refusedConnection(testApp.baseUrl, { sid, socketId: 'x'.repeat(101) })).toMatch(/does not belong/);
  });

  it('a stolen socketId with the cookie of a revoked session connects as a visitor', async () => {
    const member = await signUp(testApp.baseUrl);
    const oldSid = member.browser.sid!;
    const oldSocketId = (await socketIdOf(member.browser))!;
    expect((await member.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);

    const device = await secondDevice(member);
    const memberTab = await connectSocket(testApp.baseUrl, device);
    const replayed = await connectSocket(testApp.baseUrl, undefined, { sid: oldSid, socketId: oldSocketId });
    expect(replayed.live).toEqual({ live_time: expect.any(Number) });
    await hearsNothingOf(member, memberTab, replayed);
  });

  it('an unknown or malformed session cookie connects as a visitor', async () => {
    const member = await signUp(testApp.baseUrl);
    const memberTab = await tab(member);
    const socketId = (await socketIdOf(member.browser))!;
    for (const sid of ['A'.repeat(43), 'garbage', 'x'.repeat(300)]) {
      const forged = await connectSocket(testApp.baseUrl, undefined, { sid, socketId });
      expect(forged.live.cc).toBeUndefined();
      await hearsNothingOf(member, memberTab, forged);
    }
  });
});

describe('revoking a session ends its sockets', () => {
  it('logging out in a browser disconnects that browser’s sockets, not those of the member’s other devices', async () => {
    const member = await signUp(testApp.baseUrl);
    const device = await secondDevice(member);
    const [tab1, tab2, otherDeviceTab] = await Promise.all([tab(member), tab(member), connectSocket(testApp.baseUrl, device)]);

    expect((await member.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
    expect(await tab1.disconnected()).toBe('io server disconnect');
    expect(await tab2.disconnected()).toBe('io server disconnect');
    expect(otherDeviceTab.connected).toBe(true);
    const item = await notifyThroughRest(admin.browser, member.id);
    expect(await otherDeviceTab.next('notification:new')).toEqual([item, 1]);
    expect(otherDeviceTab.disconnectReason).toBeNull();
  });

  it('ending a session from the settings of another session disconnects its sockets', async () => {
    const member = await signUp(testApp.baseUrl);
    const laptop = await secondDevice(member);
    const phoneSocketId = (await socketIdOf(member.browser))!;
    const [phoneTab, laptopTab] = await Promise.all([tab(member), connectSocket(testApp.baseUrl, laptop)]);

    const sessions = await laptop.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions);
    const phoneSession = sessions.body.data!.find((session) => !session.current)!;
    expect((await laptop.delete(`${ACCOUNT_ENDPOINTS.sessions}/${phoneSession.id}`)).status).toBe(200);

    expect(await phoneTab.disconnected()).toBe('io server disconnect');
    expect(laptopTab.connected).toBe(true);
    // The phone cannot come back with its old cookie and socketId: it is a visitor now.
    const phoneAgain = await connectSocket(testApp.baseUrl, undefined, { sid: member.browser.sid!, socketId: phoneSocketId });
    await hearsNothingOf(member, laptopTab, phoneAgain);
  });

  it("changing the password disconnects the member's other sessions, not the current one", async () => {
    const member = await signUp(testApp.baseUrl);
    const other = await secondDevice(member);
    const [currentTab, otherTab] = await Promise.all([tab(member), connectSocket(testApp.baseUrl, other)]);
    const changed = await member.browser.put(ACCOUNT_ENDPOINTS.password, {
      currentPassword: member.password,
      newPassword: 'an even better passphrase',
    });
    expect(changed.status).toBe(200);
    expect(await otherTab.disconnected()).toBe('io server disconnect');
    const item = await notifyThroughRest(admin.browser, member.id);
    expect(await currentTab.next('notification:new')).toEqual([item, 1]);
  });
});

describe('connection cap', () => {
  it(`refuses a member's connection beyond ${MAX_SOCKETS_PER_USER}, not another member's; closing one makes room`, async () => {
    const member = await signUp(testApp.baseUrl);
    const socketId = await socketIdOf(member.browser);
    const tabs: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) tabs.push(await connectSocket(testApp.baseUrl, member.browser, { socketId }));

    expect(await refusedConnection(testApp.baseUrl, { sid: member.browser.sid!, socketId })).toMatch(/too many/i);
    const other = await signUp(testApp.baseUrl);
    await tab(other);

    // Closing a tab frees a place once the server has seen the disconnect.
    tabs[0].close();
    const deadline = Date.now() + 3000;
    for (;;) {
      try {
        await connectSocket(testApp.baseUrl, member.browser, { socketId });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  it(`also holds when the connections arrive at the same time`, async () => {
    const member = await signUp(testApp.baseUrl);
    const socketId = await socketIdOf(member.browser);
    const attempts = await Promise.allSettled(
      Array.from({ length: MAX_SOCKETS_PER_USER + 5 }, () => connectSocket(testApp.baseUrl, member.browser, { socketId })),
    );
    const accepted = attempts.filter((attempt) => attempt.status === 'fulfilled').length;
    expect(accepted).toBeLessThanOrEqual(MAX_SOCKETS_PER_USER);
  });
});
