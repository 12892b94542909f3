import { NOTIFICATION_ENDPOINTS, type NotificationsPage } from '../../shared/notifications/notifications.js';
import { SOCKET_EVENTS_PER_WINDOW, type ResumeAnswer } from '../../shared/realtime/events.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import { notifyThroughRest, useAdmin } from '../support/socket-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;
const admin = useAdmin(testApp);

const tab = (member: TestMember) => connectSocket(testApp.baseUrl, member.browser);
/** The member's balance as stored (a new member may start with a signup bonus). */
const creditsOf = async (member: TestMember): Promise<number> =>
  Number((await db.query(`SELECT credits FROM users WHERE id = $1`, [member.id])).rows[0].credits);

describe('live notifications', () => {
  it('a notification created through REST reaches every tab of its user at once, and no other user', async () => {
    const alice = await signUp(testApp.baseUrl);
    const bob = await signUp(testApp.baseUrl);
    const [aliceTab1, aliceTab2, bobTab] = await Promise.all([tab(alice), tab(alice), tab(bob)]);

    const item = await notifyThroughRest(admin.browser, alice.id, 'Your campaign was approved');

    const [[first, unread1], [second, unread2]] = await Promise.all([
      aliceTab1.next('notification:new'),
      aliceTab2.next('notification:new'),
      bobTab.expectNo('notification:new'),
    ]);
    expect(first).toEqual(item);
    expect(second).toEqual(item);
    expect(first).toMatchObject({
      type: 'admin_message',
      heading: 'Your campaign was approved',
      read: false,
      link: '/notifications',
    });
    expect([unread1, unread2]).toEqual([1, 1]);

    // A second one: the counter goes up in both tabs.
    const another = await notifyThroughRest(admin.browser, alice.id);
    expect(await aliceTab1.next('notification:new')).toEqual([another, 2]);
    expect(await aliceTab2.next('notification:new')).toEqual([another, 2]);

    // It is stored: the notifications page lists it (newest first) and /data/start counts it.
    const list = await alice.browser.get<NotificationsPage>(NOTIFICATION_ENDPOINTS.list);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ unread: 2, page: 1, pages: 1 });
    expect(list.body.data!.items.map((n) => n.id)).toEqual([another.id, item.id]);
    const start = await alice.browser.get<StartAnswer>('/data/start');
    expect(start.body.data!.uiNotifications).toEqual({ unread: 2, latest: [another, item], lastId: another.id });

    // Bob has none, on the page or in /data/start.
    const bobList = await bob.browser.get<NotificationsPage>(NOTIFICATION_ENDPOINTS.list);
    expect(bobList.body.data).toMatchObject({ items: [], unread: 0 });
    expect((await bob.browser.get<StartAnswer>('/data/start')).body.data!.uiNotifications).toEqual({
      unread: 0,
      latest: [],
      lastId: 0,
    });
  });

  it('a tab connected after the notification was created does not get it pushed, but /data/start has it', async () => {
    const member = await signUp(testApp.baseUrl);
    const item = await notifyThroughRest(admin.browser, member.id);
    const lateTab = await tab(member);
    await lateTab.expectNo('notification:new');
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data!.uiNotifications.latest).toEqual([item]);
  });

  it('reading a notification in one tab updates the other tabs, but is not echoed back to the tab that read it', async () => {
    const member = await signUp(testApp.baseUrl);
    const [reader, other] = await Promise.all([tab(member), tab(member)]);
    const first = await notifyThroughRest(admin.browser, member.id);
    const second = await notifyThroughRest(admin.browser, member.id);
    await Promise.all([
      reader.next('notification:new'),
      reader.next('notification:new'),
      other.next('notification:new'),
      other.next('notification:new'),
    ]);

    const read = await member.browser.call<{ unread: number }>(`${NOTIFICATION_ENDPOINTS.one}/${first.id}/read`, {
      method: 'POST',
      json: {},
      headers: { 'x-socket-id': reader.id },
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ unread: 1 });
    const [[change]] = await Promise.all([other.next('notifications:read'), reader.expectNo('notifications:read')]);
    expect(change).toEqual({ ids: [first.id], unread: 1 });

    // Mark all read from the other tab: now the first tab is told, and the other is not.
    const readAll = await member.browser.call<{ unread: number }>(NOTIFICATION_ENDPOINTS.readAll, {
      method: 'POST',
      json: {},
      headers: { 'x-socket-id': other.id },
    });
    expect(readAll.body.data).toEqual({ unread: 0 });
    const [[allChange]] = await Promise.all([reader.next('notifications:read'), other.expectNo('notifications:read')]);
    expect(allChange).toEqual({ ids: null, unread: 0 });

    const list = await member.browser.get<NotificationsPage>(NOTIFICATION_ENDPOINTS.list);
    expect(list.body.data!.unread).toBe(0);
    expect(list.body.data!.items.map((n) => [n.id, n.read])).toEqual([
      [second.id, true],
      [first.id, true],
    ]);
  });

  it('reading without a socket-id header updates every tab', async () => {
    const member = await signUp(testApp.baseUrl);
    const [tab1, tab2] = await Promise.all([tab(member), tab(member)]);
    const item = await notifyThroughRest(admin.browser, member.id);
    expect((await member.browser.post(`${NOTIFICATION_ENDPOINTS.one}/${item.id}/read`)).status).toBe(200);
    expect(await tab1.next('notifications:read')).toEqual([{ ids: [item.id], unread: 0 }]);
    expect(await tab2.next('notifications:read')).toEqual([{ ids: [item.id], unread: 0 }]);
  });

  it("a member cannot read another member's notification, and nobody's tabs hear of the attempt", async () => {
    const owner = await signUp(testApp.baseUrl);
    const intruder = await signUp(testApp.baseUrl);
    const [ownerTab, intruderTab] = await Promise.all([tab(owner), tab(intruder)]);
    const item = await notifyThroughRest(admin.browser, owner.id);
    await ownerTab.next('notification:new');

    const attempt = await intruder.browser.post(`${NOTIFICATION_ENDPOINTS.one}/${item.id}/read`);
    expect(attempt.status).toBe(404);
    await Promise.all([ownerTab.expectNo('notifications:read'), intruderTab.expectNo('notifications:read')]);
    expect((await owner.browser.get<NotificationsPage>(NOTIFICATION_ENDPOINTS.list)).body.data!.unread).toBe(1);
  });
});

describe('session:resume', () => {
  it('acknowledges with the shared Ack shape ({data} or {error}), not wrapped in the REST envelope', async () => {
    const member = await signUp(testApp.baseUrl);
    const memberTab = await tab(member);
    const answer = await memberTab.resume({ afterNotificationId: 0 });
    expect(Object.keys(answer as object)).toEqual(['data']);
    expect(answer).toEqual({
      data: {
        notifications: [],
        unread: 0,
        live: { cc: await creditsOf(member), live_time: expect.any(Number) },
        announcements: [],
      },
    });
    expect(await memberTab.resume({ afterNotificationId: 'x' })).toEqual({
      error: { code: 'validation', message: 'Invalid request' },
    });
  });

  it('answers the notifications missed after the last id the tab saw, and the current live data', async () => {
    const member = await signUp(testApp.baseUrl);
    const seen = await notifyThroughRest(admin.browser, member.id);
    const missed1 = await notifyThroughRest(admin.browser, member.id);
    const missed2 = await notifyThroughRest(admin.browser, member.id);
    await db.query(`UPDATE users SET credits = 75 WHERE id = $1`, [member.id]);

    const reconnected = await tab(member);
    const answer = (await reconnected.resume({ afterNotificationId: seen.id })) as { data: ResumeAnswer };
    expect(answer.data.notifications).toEqual([missed1, missed2]);
    expect(answer.data.unread).toBe(3);
    expect(answer.data.live).toEqual({ cc: 75, live_time: expect.any(Number) });
    expect(Math.abs(answer.data.live.live_time - Date.now())).toBeLessThan(5000);

    // From 0: everything; after the newest: nothing.
    expect(((await reconnected.resume({ afterNotificationId: 0 })) as { data: ResumeAnswer }).data.notifications).toEqual([
      seen,
      missed1,
      missed2,
    ]);
    expect(
      ((await reconnected.resume({ afterNotificationId: missed2.id })) as { data: ResumeAnswer }).data.notifications,
    ).toEqual([]);
  });

  it("never answers another member's notifications", async () => {
    const owner = await signUp(testApp.baseUrl);
    const other = await signUp(testApp.baseUrl);
    await notifyThroughRest(admin.browser, owner.id);
    const otherTab = await tab(other);
    expect(await otherTab.resume({ afterNotificationId: 0 })).toEqual({
      data: {
        notifications: [],
        unread: 0,
        live: { cc: await creditsOf(other), live_time: expect.any(Number) },
        announcements: [],
      },
    });
  });

  it('a visitor gets no notifications and no credit count', async () => {
    const member = await signUp(testApp.baseUrl);
    await notifyThroughRest(admin.browser, member.id);
    const visitor = await connectSocket(testApp.baseUrl);
    const answer = (await visitor.resume({ afterNotificationId: 0 })) as { data: ResumeAnswer };
    expect(answer.data.notifications).toEqual([]);
    expect(answer.data.unread).toBe(0);
    expect(answer.data.live).toEqual({ live_time: expect.any(Number) });
  });

  it('an invalid request answers {error} and the connection keeps working', async () => {
    const member = await signUp(testApp.baseUrl);
    const memberTab = await tab(member);
    for (const invalid of [
      {},
      { afterNotificationId: '5' },
      { afterNotificationId: -1 },
      { afterNotificationId: 1.5 },
      null,
      'x',
      [1],
    ]) {
      expect(await memberTab.resume(invalid)).toEqual({ error: { code: 'validation', message: expect.any(String) } });
    }
    expect(memberTab.connected).toBe(true);
    expect(await memberTab.resume({ afterNotificationId: 0 })).toMatchObject({ data: { notifications: [] } });
  });

  it('flooding one socket with more events than the per-window limit gets {error} for the excess, and not other sockets', async () => {
    // The limit is a server setting (SOCKET_EVENTS_PER_WINDOW), the shared constant by default.
    const limit = (testApp.config as { socketEventsPerWindow?: number }).socketEventsPerWindow ?? SOCKET_EVENTS_PER_WINDOW;
    const member = await signUp(testApp.baseUrl);
    const [flooder, calm] = await Promise.all([tab(member), tab(member)]);
    const excess = 5;
    const answers = await Promise.all(Array.from({ length: limit + excess }, () => flooder.resume({ afterNotificationId: 0 })));
    const refused = answers.filter((answer) => 'error' in (answer as object));
    expect(answers.slice(0, limit).every((answer) => 'data' in (answer as object))).toBe(true);
    expect(refused).toEqual(
      Array.from({ length: excess }, () => ({
        error: { code: 'rate_limited', message: expect.stringMatching(/slow down/i), retryAfter: expect.any(Number) },
      })),
    );
    // The limit is per socket: another tab of the same member is served.
    expect(await calm.resume({ afterNotificationId: 0 })).toMatchObject({ data: { unread: 0, notifications: [] } });
  });
});

describe('live data', () => {
  it('a connected member gets live:data with their credit count and the server clock', async () => {
    const member = await signUp(testApp.baseUrl);
    const first = await tab(member);
    expect(first.live).toEqual({ cc: await creditsOf(member), live_time: expect.any(Number) });
    expect(Math.abs(first.live.live_time - Date.now())).toBeLessThan(5000);

    await db.query(`UPDATE users SET credits = 1234 WHERE id = $1`, [member.id]);
    const second = await tab(member);
    expect(second.live.cc).toBe(1234);
  });

  it("a member's live data is their own; a visitor's has only the clock", async () => {
    const rich = await signUp(testApp.baseUrl);
    const poor = await signUp(testApp.baseUrl);
    await db.query(`UPDATE users SET credits = 999 WHERE id = $1`, [rich.id]);
    const [richTab, poorTab, visitor] = await Promise.all([tab(rich), tab(poor), connectSocket(testApp.baseUrl)]);
    expect(richTab.live.cc).toBe(999);
    expect(poorTab.live.cc).toBe(await creditsOf(poor));
    expect(poorTab.live.cc).not.toBe(999);
    expect(visitor.live).toEqual({ live_time: expect.any(Number) });
  });
});
