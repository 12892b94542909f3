import { ANNOUNCEMENT_ENDPOINTS, type Announcement } from '../../shared/announcements/announcements.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { logIn, signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { announcementPayload, createAnnouncement, useAdmin } from '../support/socket-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useTestApp();
const admin = useAdmin(testApp);

const tab = (member: TestMember) => connectSocket(testApp.baseUrl, member.browser);
const visitorTab = () => connectSocket(testApp.baseUrl);

async function visitorStartAnnouncements(): Promise<number[]> {
  const { body } = await new TestBrowser(testApp.baseUrl).get<StartAnswer>('/data/start');
  return body.data!.website.announcements.map((a) => a.id);
}

async function memberStartAnnouncements(member: TestMember): Promise<number[]> {
  const { body } = await member.browser.get<StartAnswer>('/data/start');
  return body.data!.user!.announcements.map((a) => a.id);
}

/** Ends an announcement so the next test starts without it in /data/start. */
async function end(id: number): Promise<void> {
  expect((await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${id}/end`)).status).toBe(200);
}

async function showsTo(sockets: TestSocket[], announcement: Announcement): Promise<void> {
  for (const socket of sockets) expect(await socket.next('announcement:show')).toEqual([announcement]);
}

describe('announcements reach their audience at once', () => {
  it('a logged-out-only announcement reaches visitor sockets and not member sockets', async () => {
    const member = await signUp(testApp.baseUrl);
    const [visitor, memberTab] = await Promise.all([visitorTab(), tab(member)]);

    const announcement = await createAnnouncement(admin.browser, { auth: 'visitors', heading: 'Sign up today' });
    expect(announcement).toMatchObject({
      auth: 'visitors',
      heading: 'Sign up today',
      only: [],
      except: [],
      classContext: 'info',
    });
    await Promise.all([showsTo([visitor], announcement), memberTab.expectNo('announcement:show')]);

    // Browsers that open later get it from /data/start: the website part for visitors only.
    expect(await visitorStartAnnouncements()).toContain(announcement.id);
    expect(await memberStartAnnouncements(member)).not.toContain(announcement.id);
    await end(announcement.id);
  });

  it('a members-only announcement reaches every member tab and not visitor sockets', async () => {
    const alice = await signUp(testApp.baseUrl);
    const bob = await signUp(testApp.baseUrl);
    const [visitor, aliceTab1, aliceTab2, bobTab] = await Promise.all([visitorTab(), tab(alice), tab(alice), tab(bob)]);

    const announcement = await createAnnouncement(admin.browser, {
      auth: 'members',
      type: 'modal',
      only: ['/surf*'],
      except: ['/surf/settings'],
    });
    await Promise.all([showsTo([aliceTab1, aliceTab2, bobTab], announcement), visitor.expectNo('announcement:show')]);
    expect(announcement).toMatchObject({ type: 'modal', only: ['/surf*'], except: ['/surf/settings'] });

    expect(await memberStartAnnouncements(alice)).toContain(announcement.id);
    expect(await visitorStartAnnouncements()).not.toContain(announcement.id);
    await end(announcement.id);
  });

  it("an 'all' announcement reaches visitors and members; ending it hides it on both", async () => {
    const member = await signUp(testApp.baseUrl);
    const [visitor, memberTab] = await Promise.all([visitorTab(), tab(member)]);

    const announcement = await createAnnouncement(admin.browser, {
      auth: 'all',
      classContext: 'warning',
      footer: 'The team',
      link: '/blog',
    });
    await showsTo([visitor, memberTab], announcement);
    expect(await visitorStartAnnouncements()).toContain(announcement.id);
    expect(await memberStartAnnouncements(member)).toContain(announcement.id);

    await end(announcement.id);
    expect(await visitor.next('announcement:hide')).toEqual([{ id: announcement.id }]);
    expect(await memberTab.next('announcement:hide')).toEqual([{ id: announcement.id }]);
    expect(await visitorStartAnnouncements()).not.toContain(announcement.id);
    expect(await memberStartAnnouncements(member)).not.toContain(announcement.id);

    // Ending twice is refused; the ended one cannot be updated either.
    expect((await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${announcement.id}/end`)).status).toBe(404);
    expect(
      (await admin.browser.put(`${ANNOUNCEMENT_ENDPOINTS.admin}/${announcement.id}`, announcementPayload({ auth: 'all' })))
        .status,
    ).toBe(404);
    await Promise.all([visitor.expectNo('announcement:show'), memberTab.expectNo('announcement:show')]);
  });

  it('a member who dismisses it has it hidden on all their tabs and in /data/start; other members keep it, and an update re-shows it to them only', async () => {
    const alice = await signUp(testApp.baseUrl);
    const bob = await signUp(testApp.baseUrl);
    const [aliceTab1, aliceTab2, bobTab, visitor] = await Promise.all([tab(alice), tab(alice), tab(bob), visitorTab()]);

    const announcement = await createAnnouncement(admin.browser, { auth: 'members' });
    await showsTo([aliceTab1, aliceTab2, bobTab], announcement);

    const dismissal = await alice.browser.post(`${ANNOUNCEMENT_ENDPOINTS.dismiss}/${announcement.id}/dismiss`);
    expect(dismissal.status).toBe(200);
    const [[hidden1], [hidden2]] = await Promise.all([
      aliceTab1.next('announcement:hide'),
      aliceTab2.next('announcement:hide'),
      bobTab.expectNo('announcement:hide'),
    ]);
    expect([hidden1, hidden2]).toEqual([{ id: announcement.id }, { id: announcement.id }]);
    expect(await memberStartAnnouncements(alice)).not.toContain(announcement.id);
    expect(await memberStartAnnouncements(bob)).toContain(announcement.id);

    // The dismissal holds on another device of the same member.
    const aliceElsewhere = new TestBrowser(testApp.baseUrl);
    expect((await logIn(aliceElsewhere, alice.username, alice.password)).status).toBe(200);
    expect(await memberStartAnnouncements({ ...alice, browser: aliceElsewhere })).not.toContain(announcement.id);

    // An update re-shows it to its audience, except to the member who dismissed it.
    const updated = await admin.browser.put<Announcement>(
      `${ANNOUNCEMENT_ENDPOINTS.admin}/${announcement.id}`,
      announcementPayload({ auth: 'members', heading: 'Updated heading' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: announcement.id, heading: 'Updated heading' });
    const [[reshown]] = await Promise.all([
      bobTab.next('announcement:show'),
      aliceTab1.expectNo('announcement:show'),
      aliceTab2.expectNo('announcement:show'),
      visitor.expectNo('announcement:show'),
    ]);
    expect(reshown).toEqual(updated.body.data);
    expect(await memberStartAnnouncements(alice)).not.toContain(announcement.id);
    expect(await memberStartAnnouncements(bob)).toContain(announcement.id);
    await end(announcement.id);
  });

  it("an update that changes the audience moves it: members' tabs hide it, visitors get it", async () => {
    const member = await signUp(testApp.baseUrl);
    const [memberTab, visitor] = await Promise.all([tab(member), visitorTab()]);
    const announcement = await createAnnouncement(admin.browser, { auth: 'members' });
    await showsTo([memberTab], announcement);

    const updated = await admin.browser.put<Announcement>(
      `${ANNOUNCEMENT_ENDPOINTS.admin}/${announcement.id}`,
      announcementPayload({ auth: 'visitors' }),
    );
    expect(updated.status).toBe(200);
    expect(await memberTab.next('announcement:hide')).toEqual([{ id: announcement.id }]);
    const [[shown]] = await Promise.all([visitor.next('announcement:show'), memberTab.expectNo('announcement:show')]);
    expect(shown).toEqual(updated.body.data);
    expect(await visitorStartAnnouncements()).toContain(announcement.id);
    expect(await memberStartAnnouncements(member)).not.toContain(announcement.id);
    await end(announcement.id);
  });

  it('only admins publish: a member and a visitor are refused and no socket hears anything', async () => {
    const member = await signUp(testApp.baseUrl);
    const [memberTab, visitor] = await Promise.all([tab(member), visitorTab()]);
    const payload = announcementPayload({ auth: 'all' });
    expect((await member.browser.post(ANNOUNCEMENT_ENDPOINTS.admin, payload)).status).toBe(403);
    expect((await new TestBrowser(testApp.baseUrl).post(ANNOUNCEMENT_ENDPOINTS.admin, payload)).status).toBe(401);
    await Promise.all([memberTab.expectNo('announcement:show'), visitor.expectNo('announcement:show')]);
  });

  it('a visitors-only announcement cannot be dismissed by a member', async () => {
    const member = await signUp(testApp.baseUrl);
    const memberTab = await tab(member);
    const announcement = await createAnnouncement(admin.browser, { auth: 'visitors' });
    expect((await member.browser.post(`${ANNOUNCEMENT_ENDPOINTS.dismiss}/${announcement.id}/dismiss`)).status).toBe(404);
    await memberTab.expectNo('announcement:hide');
    await end(announcement.id);
  });
});
