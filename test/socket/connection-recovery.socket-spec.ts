import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ADMIN_USER_ENDPOINTS } from '../../shared/admin/users.js';
import { ANNOUNCEMENT_ENDPOINTS } from '../../shared/announcements/announcements.js';
import type { ResumeAnswer } from '../../shared/realtime/events.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { logIn, signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { createAnnouncement, notifyThroughRest, useAdmin } from '../support/socket-fixtures.js';
import { addTeamMember, createTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * One process, no Redis: Socket.IO's in-memory adapter keeps each dropped connection's state and
 * the last events sent (here few, SOCKET_RECOVERY_EVENTS), so a tab that comes back within the
 * recovery window gets what it missed.
 */
const RECOVERY_EVENTS = 100;
const testApp = useTestApp({ socketRecoveryEvents: RECOVERY_EVENTS });
const { db } = testApp;
const admin = useAdmin(testApp);

const member = () => signUp(testApp.baseUrl);
const tab = (who: TestMember) => connectSocket(testApp.baseUrl, who.browser);
const adjustCredits = (who: TestMember, amount: number) =>
  admin.browser.post(ADMIN_USER_ENDPOINTS.credits(who.id), { amount, reason: 'recovery test' });
const endAnnouncement = (id: number) => admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${id}/end`);
const creditCounts = async (socket: TestSocket, count: number): Promise<number[]> => {
  const counts: number[] = [];
  for (let i = 0; i < count; i++)
    counts.push((await socket.next('live:data', undefined, (live) => live.cc !== undefined))[0].cc!);
  return counts;
};

describe('a member’s tab that drops for a moment', () => {
  it('comes back recovered, with the same id, and gets each notification, announcement and credit count sent meanwhile exactly once', async () => {
    const someone = await member();
    const memberTab = await tab(someone);
    const idBefore = memberTab.id;
    const startingCredits = memberTab.live.cc!;

    await memberTab.drop();
    const item = await notifyThroughRest(admin.browser, someone.id);
    const announcement = await createAnnouncement(admin.browser, { auth: 'members' });
    expect((await adjustCredits(someone, 5)).status).toBe(200);
    expect((await adjustCredits(someone, 7)).status).toBe(200);

    expect(await memberTab.reconnect()).toEqual({ recovered: true });
    expect(memberTab.id).toBe(idBefore);
    expect(await memberTab.next('notification:new')).toEqual([item, 1]);
    expect(await memberTab.next('announcement:show')).toEqual([announcement]);
    // Both missed counts in order, then the current one the server sends every connection.
    expect(await creditCounts(memberTab, 3)).toEqual([startingCredits + 5, startingCredits + 12, startingCredits + 12]);
    await Promise.all([
      memberTab.expectNo('notification:new'),
      memberTab.expectNo('announcement:show'),
      memberTab.expectNo('live:data', undefined, (live) => live.cc !== undefined),
    ]);

    // Its rooms came back with it: what is sent now arrives live, once.
    const later = await notifyThroughRest(admin.browser, someone.id);
    expect(await memberTab.next('notification:new')).toEqual([later, 2]);
    await memberTab.expectNo('notification:new');
    await endAnnouncement(announcement.id);
  });

  it('a visitor’s tab is recovered too, with the visitors’ announcements and not the members’', async () => {
    const visitorTab = await connectSocket(testApp.baseUrl);
    await visitorTab.drop();
    const forMembers = await createAnnouncement(admin.browser, { auth: 'members' });
    const forVisitors = await createAnnouncement(admin.browser, { auth: 'visitors' });

    expect(await visitorTab.reconnect()).toEqual({ recovered: true });
    expect(await visitorTab.next('announcement:show')).toEqual([forVisitors]);
    await visitorTab.expectNo('announcement:show');
    for (const { id } of [forMembers, forVisitors]) await endAnnouncement(id);
  });
});

describe('recovery never brings back a connection its session no longer allows', () => {
  it.each([
    ['logged out', (someone: TestMember) => someone.browser.post(ACCOUNT_ENDPOINTS.logout)],
    ['suspended', (someone: TestMember) => admin.browser.post(ADMIN_USER_ENDPOINTS.login(someone.id), { suspended: true })],
  ])(
    'a tab whose member was %s while it was away connects afresh as a visitor: none of the member’s events, then or later',
    async (_, endSession) => {
      const someone = await member();
      const memberTab = await tab(someone);
      // Every packet that reaches the client, also those a refused handshake leaves unread.
      const wire: unknown[] = [];
      memberTab.socket.io.on('packet', (packet) => wire.push(packet));
      await memberTab.drop();
      expect((await endSession(someone)).status).toBe(200);
      await notifyThroughRest(admin.browser, someone.id, 'Sent while away');

      // The tab still sends the ended session's cookie and socketId, as a stolen device would.
      expect(await memberTab.reconnect()).toEqual({ recovered: false });
      expect(JSON.stringify(wire)).not.toContain('Sent while away');
      const [live] = await memberTab.next('live:data');
      expect(live).toEqual({ live_time: expect.any(Number) }); // no credit count: a visitor
      await memberTab.expectNo('notification:new');
      await notifyThroughRest(admin.browser, someone.id, 'Sent afterwards');
      await memberTab.expectNo('notification:new');
    },
  );

  it('a team tab whose member was removed from the team while it was away is refused, and hears nothing of the team', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    await addTeamMember(db, owner, team.id, manager);
    const teamTab = await connectSocket(testApp.baseUrl, manager.browser, { teamId: team.id });
    await teamTab.drop();
    expect((await owner.browser.delete(teamApiPath(team.id, `/members/${manager.id}`))).status).toBe(200);
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 2 });

    await expect(teamTab.reconnect()).rejects.toThrow(/not an active member/);
    await teamTab.expectNo('live:data', undefined, (live) => live.team !== undefined);
  });

  it('a recovered connection must carry the cookie of its own session: another live session’s cookie is refused', async () => {
    const someone = await member();
    const otherDevice = new TestBrowser(testApp.baseUrl);
    expect((await logIn(otherDevice, someone.username, someone.password)).status).toBe(200);
    const memberTab = await tab(someone);
    await memberTab.drop();
    memberTab.socket.io.opts.extraHeaders = { cookie: `sid=${otherDevice.sid}` };

    await expect(memberTab.reconnect()).rejects.toThrow(/does not belong to the signed-in session/);
  });
});

describe('a tab that cannot be recovered catches up with session:resume', () => {
  it('a tab away while more events were sent than the process keeps connects afresh, and its catch-up answers what it missed', async () => {
    const [someone, other] = await Promise.all([member(), member()]);
    const memberTab = await tab(someone);
    await memberTab.drop();
    const missed = await notifyThroughRest(admin.browser, someone.id);
    for (let i = 0; i < 2 * RECOVERY_EVENTS; i += 25) {
      await Promise.all(Array.from({ length: 25 }, () => notifyThroughRest(admin.browser, other.id)));
    }

    expect(await memberTab.reconnect()).toEqual({ recovered: false });
    await memberTab.expectNo('notification:new');
    const caughtUp = (await memberTab.resume({ afterNotificationId: 0 })) as { data: ResumeAnswer };
    expect(caughtUp.data.notifications).toEqual([missed]);
  });

  it('which answers the announcements it should show now: a member’s without the dismissed ones, a visitor’s', async () => {
    const someone = await member();
    const dismissed = await createAnnouncement(admin.browser, { auth: 'members' });
    const shown = await createAnnouncement(admin.browser, { auth: 'all' });
    const forVisitors = await createAnnouncement(admin.browser, { auth: 'visitors' });
    expect((await someone.browser.post(`${ANNOUNCEMENT_ENDPOINTS.dismiss}/${dismissed.id}/dismiss`)).status).toBe(200);

    const memberAnswer = (await (await tab(someone)).resume({ afterNotificationId: 0 })) as { data: ResumeAnswer };
    expect(memberAnswer.data.announcements).toEqual([shown]);
    const visitorAnswer = (await (await connectSocket(testApp.baseUrl)).resume({ afterNotificationId: 0 })) as {
      data: ResumeAnswer;
    };
    expect(visitorAnswer.data.announcements.map(({ id }) => id).sort()).toEqual([shown.id, forVisitors.id].sort());
    for (const { id } of [dismissed, shown, forVisitors]) await endAnnouncement(id);
  });
});
