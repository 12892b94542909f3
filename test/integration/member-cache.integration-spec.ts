import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ANNOUNCEMENT_ENDPOINTS } from '../../shared/announcements/announcements.js';
import { NOTIFICATION_ENDPOINTS } from '../../shared/notifications/notifications.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { createApp } from '../../server/src/app.factory.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createAnnouncement, signUpAdmin } from '../support/socket-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * Sessions, users and notification summaries are cached in each server process. Two processes
 * (app instances) on one database: the one that makes a change shows it at once, the other
 * within moments (PostgreSQL NOTIFY), and a revoked session is refused by both.
 */
const first = useTestApp();
const { db } = first;
let second: NestFastifyApplication;
let secondUrl: string;
let member: TestMember;

const onSecond = (browser: TestBrowser) => TestBrowser.withCookies(secondUrl, { sid: browser.sid! });
const startOf = async (browser: TestBrowser) => (await browser.get<StartAnswer>('/data/start')).body;

describe('the member cache across two processes', () => {
  // In this block, so the second process closes before useTestApp drops the database.
  beforeAll(async () => {
    second = await createApp({ ...first.config });
    await second.listen(0, '127.0.0.1');
    const address = second.getHttpServer().address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    member = await signUp(first.baseUrl, { first_name: 'Before' });
  });

  afterAll(async () => {
    await second?.close();
  });

  it('shows a settings change at once where it was made and within moments in the other process', async () => {
    const there = onSecond(member.browser);
    expect((await startOf(there)).data?.user?.first_name).toBe('Before'); // now cached there
    expect((await member.browser.put(ACCOUNT_ENDPOINTS.profile, { first_name: 'After' })).status).toBe(200);
    expect((await startOf(member.browser)).data?.user?.first_name).toBe('After');
    await eventually(async () => expect((await startOf(there)).data?.user?.first_name).toBe('After'));
  });

  it('refuses a logged-out session at once in the same process and within moments in the other', async () => {
    const browser = new TestBrowser(first.baseUrl);
    expect((await browser.post(ACCOUNT_ENDPOINTS.login, { login: member.username, password: member.password })).status).toBe(200);
    const replayHere = TestBrowser.withCookies(first.baseUrl, { sid: browser.sid! });
    const replayThere = onSecond(browser);
    expect((await replayHere.get('/data/start')).status).toBe(200);
    expect((await replayThere.get('/data/start')).status).toBe(200);

    expect((await browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
    expect((await replayHere.get('/data/start')).status).toBe(406);
    await eventually(async () => expect((await replayThere.get('/data/start')).status).toBe(406));
  });

  it('updates the unread count in /data/start when a notification arrives or is read, in both processes', async () => {
    const admin = await signUpAdmin(first.baseUrl, db);
    const there = onSecond(member.browser);
    const unreadBefore = (await startOf(there)).data!.uiNotifications.unread;
    const sent = await admin.browser.post(`${NOTIFICATION_ENDPOINTS.adminNotifyUser}/${member.id}/notify`, {
      heading: 'Hello',
      body: 'From the admin',
    });
    expect(sent.status).toBe(200);
    expect((await startOf(member.browser)).data!.uiNotifications.unread).toBe(unreadBefore + 1);
    await eventually(async () => expect((await startOf(there)).data!.uiNotifications.latest[0]?.heading).toBe('Hello'));

    expect((await there.post(NOTIFICATION_ENDPOINTS.readAll)).status).toBe(200);
    expect((await startOf(there)).data!.uiNotifications.unread).toBe(0);
    await eventually(async () => expect((await startOf(member.browser)).data!.uiNotifications.unread).toBe(0));
  });

  it('hides a dismissed announcement from /data/start at once here and within moments in the other process', async () => {
    const admin = await signUpAdmin(first.baseUrl, db);
    const there = onSecond(member.browser);
    const announcement = await createAnnouncement(admin.browser, { auth: 'members' });
    const shown = async (browser: TestBrowser) =>
      (await startOf(browser)).data!.user!.announcements.some((a) => a.id === announcement.id);
    await eventually(async () => expect(await shown(there)).toBe(true)); // cached there now
    expect(await shown(member.browser)).toBe(true);

    expect((await member.browser.post(`${ANNOUNCEMENT_ENDPOINTS.dismiss}/${announcement.id}/dismiss`)).status).toBe(200);
    expect(await shown(member.browser)).toBe(false);
    await eventually(async () => expect(await shown(there)).toBe(false));
  });

  it('picks up a change written by hand in SQL in every process', async () => {
    const there = onSecond(member.browser);
    await startOf(member.browser);
    await startOf(there);
    await db.query(`UPDATE users SET first_name = 'Manual' WHERE id = $1`, [member.id]);
    await eventually(async () => expect((await startOf(member.browser)).data?.user?.first_name).toBe('Manual'));
    await eventually(async () => expect((await startOf(there)).data?.user?.first_name).toBe('Manual'));
  });
});
