import { existsSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import type pg from 'pg';
import { createClient } from 'redis';
import { deploymentKey } from '../../server/src/config/deployment-key.js';
import { streamsOptions } from '../../server/src/realtime/redis-streams.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ADMIN_SITE_SETTINGS_ENDPOINTS, type SiteSettingsAnswer } from '../../shared/admin/site-settings.js';
import { ANNOUNCEMENT_ENDPOINTS, type Announcement } from '../../shared/announcements/announcements.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { NOTIFICATION_ENDPOINTS } from '../../shared/notifications/notifications.js';
import { MAX_SOCKETS_PER_USER } from '../../shared/realtime/events.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { groupApiPath } from '../../shared/groups/groups.js';
import { confirmEmailsAtSignUp, connectDatabase, logIn, signUp, type TestMember } from '../support/accounts.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { comment, makeGroup, postBy, setMembership } from '../support/social-fixtures.js';
import { closeAllSockets, connectSocket, refusedConnection, socketIdOf } from '../support/socket-client.js';
import { createAnnouncement, notifyThroughRest, signUpAdmin } from '../support/socket-fixtures.js';
import { claimWithNext, creditedClaim, grantCredits, nextTicket, promotedPost } from '../support/surf-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';
import { TestBrowser } from '../support/test-browser.js';
import { eventually } from '../support/eventually.js';
import { actAs, addTeamMember, createTeam } from '../support/team-fixtures.js';

/**
 * Two built server processes (`npm run build:server` first) on one PostgreSQL database and one
 * Redis: what happens through one process reaches the sockets connected to the other.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase | undefined;
let processA: ServerProcess | undefined;
let processB: ServerProcess | undefined;
let db: pg.Client | undefined;
let admin: TestMember;
let a: string;
let b: string;

beforeAll(async () => {
  if (!existsSync('dist/server/src/main.js'))
    throw new Error('dist/server/src/main.js is missing: run `npm run build:server` first');
  database = await createTestDatabase(process.env.DATABASE_URL!, 'sock');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    RATE_LIMIT_FACTOR: '50',
    CLIENT_DIST_DIR: 'dist/does-not-exist',
    LOG_LEVEL: 'warn',
    // Views settle at once: no countdown, no verification code.
    SURF_TIMER_SECONDS: '0',
    SURF_CHALLENGES: 'off',
  };
  // One after the other: the first applies the migrations to the fresh database.
  processA = await startServerProcess(env);
  processB = await startServerProcess(env);
  a = processA.url;
  b = processB.url;
  db = await connectDatabase(database.url);
  // Other test runs may share this Redis (and Socket.IO's default channel): user ids far from
  // theirs keep their `user:<id>` rooms apart from ours.
  await db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [randomInt(1_000_000, 2_000_000_000)]);
  admin = await signUpAdmin(a, db);
  // Members confirm their email at sign-up, as surfing requires.
  confirmEmailsAtSignUp(a, db);
  confirmEmailsAtSignUp(b, db);
}, 60_000);

afterEach(() => closeAllSockets());

afterAll(async () => {
  await db?.end();
  await Promise.all([processA?.stop(), processB?.stop()]);
  if (database) await dropStream(database.url);
  await database?.drop();
});

/** The shared Redis keeps no stream of a database that is gone (saved connection states expire on their own). */
async function dropStream(databaseUrl: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    await client.del(streamsOptions(deploymentKey(databaseUrl), 1).streamName!);
  } finally {
    client.destroy();
  }
}

/** A new member, signed up through process A; their browser's cookie works on both processes. */
const member = () => signUp(a);
/** The same session's browser, talking to process B. */
const onB = (someone: TestMember) => TestBrowser.withCookies(b, { sid: someone.browser.sid! });
const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

it('a notification created through process A reaches the user’s sockets on process B (and A), and no other user’s', async () => {
  const alice = await member();
  const bob = await member();
  const [aliceOnA, aliceOnB, bobOnB] = await Promise.all([
    connectSocket(a, alice.browser),
    connectSocket(b, onB(alice)),
    connectSocket(b, onB(bob)),
  ]);

  const item = await notifyThroughRest(admin.browser, alice.id, unique('Through A'));
  const [[onBItem, unreadOnB], [onAItem]] = await Promise.all([
    aliceOnB.next('notification:new'),
    aliceOnA.next('notification:new'),
    bobOnB.expectNo('notification:new'),
  ]);
  expect(onBItem).toEqual(item);
  expect(unreadOnB).toBe(1);
  expect(onAItem).toEqual(item);

  // And the other way round: through B to a tab on A.
  const fromB = await notifyThroughRest(onB(admin), alice.id, unique('Through B'));
  expect(await aliceOnA.next('notification:new')).toEqual([fromB, 2]);
  expect(await aliceOnB.next('notification:new')).toEqual([fromB, 2]);
});

it('reading through process A with a tab’s socket id on B tells the tab on A, not the tab on B', async () => {
  const someone = await member();
  const [tabOnA, tabOnB] = await Promise.all([connectSocket(a, someone.browser), connectSocket(b, onB(someone))]);
  const item = await notifyThroughRest(admin.browser, someone.id);
  await Promise.all([tabOnA.next('notification:new'), tabOnB.next('notification:new')]);

  const read = await someone.browser.call(`${NOTIFICATION_ENDPOINTS.one}/${item.id}/read`, {
    method: 'POST',
    json: {},
    headers: { 'x-socket-id': tabOnB.id },
  });
  expect(read.status).toBe(200);
  const [[change]] = await Promise.all([tabOnA.next('notifications:read'), tabOnB.expectNo('notifications:read')]);
  expect(change).toEqual({ ids: [item.id], unread: 0 });
});

it('an announcement created through process A reaches a visitor socket on process B; ending it through A hides it there', async () => {
  const someone = await member();
  const [visitorOnB, memberOnB] = await Promise.all([connectSocket(b), connectSocket(b, onB(someone))]);
  const isOurs = (id: number) => (announcement: { id: number }) => announcement.id === id;

  const forVisitors = await createAnnouncement(admin.browser, { auth: 'visitors', heading: unique('Visitors') });
  const [[shown]] = await Promise.all([
    visitorOnB.next('announcement:show', undefined, isOurs(forVisitors.id)),
    memberOnB.expectNo('announcement:show', undefined, isOurs(forVisitors.id)),
  ]);
  expect(shown).toEqual(forVisitors);
  // Process B's /data/start lists it too (B reloaded its cache on the database's NOTIFY).
  const deadline = Date.now() + 3000;
  while (
    !(await new TestBrowser(b).get<StartAnswer>('/data/start')).body.data!.website.announcements.some(isOurs(forVisitors.id))
  ) {
    if (Date.now() > deadline) throw new Error('process B does not list the announcement in /data/start');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  const forMembers = await createAnnouncement(admin.browser, { auth: 'members', heading: unique('Members') });
  await Promise.all([
    memberOnB.next('announcement:show', undefined, isOurs(forMembers.id)),
    visitorOnB.expectNo('announcement:show', undefined, isOurs(forMembers.id)),
  ]);

  expect((await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${forVisitors.id}/end`)).status).toBe(200);
  expect(await visitorOnB.next('announcement:hide', undefined, isOurs(forVisitors.id))).toEqual([{ id: forVisitors.id }]);

  // A dismissal through A hides it on the member's tab on B.
  expect((await someone.browser.post(`${ANNOUNCEMENT_ENDPOINTS.dismiss}/${forMembers.id}/dismiss`)).status).toBe(200);
  expect(await memberOnB.next('announcement:hide', undefined, isOurs(forMembers.id))).toEqual([{ id: forMembers.id }]);
  const updated = await admin.browser.put<Announcement>(`${ANNOUNCEMENT_ENDPOINTS.admin}/${forMembers.id}`, {
    heading: unique('Members again'),
    content: 'Updated',
    type: 'announcement',
    auth: 'members',
  });
  expect(updated.status).toBe(200);
  await memberOnB.expectNo('announcement:show', undefined, isOurs(forMembers.id));
  await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${forMembers.id}/end`);
});

it('maintenance turned on through process A moves every tab on both processes at once, and turning it off tells them too', async () => {
  const someone = await member();
  const tabs = await Promise.all([connectSocket(a, someone.browser), connectSocket(b, onB(someone)), connectSocket(b)]);
  const settings = await admin.browser.get<SiteSettingsAnswer>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings);
  const { surfDefaults: _defaults, ...current } = settings.body.data!;
  const turn = async (maintenance: boolean) => {
    const saved = await admin.browser.put(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, { ...current, maintenance });
    expect(saved.status).toBe(200);
    for (const tab of tabs) expect(await tab.next('website:maintenance')).toEqual([{ maintenance }]);
    // Once per tab: the process that saved reloads at once and again on the NOTIFY, and pushes only on a change.
    await Promise.all(tabs.map((tab) => tab.expectNo('website:maintenance')));
  };
  try {
    await turn(true);
  } finally {
    await turn(false);
  }
});

it('logging out through process A disconnects that session’s socket on process B', async () => {
  const someone = await member();
  const otherDevice = new TestBrowser(b);
  expect((await logIn(otherDevice, someone.username, someone.password)).status).toBe(200);
  const [sessionOnB, otherDeviceOnB] = await Promise.all([connectSocket(b, onB(someone)), connectSocket(b, otherDevice)]);

  expect((await someone.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
  expect(await sessionOnB.disconnected()).toBe('io server disconnect');
  expect(otherDeviceOnB.connected).toBe(true);
});

it(`the connection cap counts a member’s sockets on both processes`, async () => {
  const someone = await member();
  const socketId = await socketIdOf(someone.browser);
  for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
    if (i % 2 === 0) await connectSocket(a, someone.browser, { socketId });
    else await connectSocket(b, onB(someone), { socketId });
  }
  expect(await refusedConnection(a, { sid: someone.browser.sid!, socketId })).toMatch(/too many/i);
  expect(await refusedConnection(b, { sid: someone.browser.sid!, socketId })).toMatch(/too many/i);
});

it('a view paid through process A updates the post owner’s campaign figures on their tab on process B', async () => {
  const owner = await member();
  const pid = await promotedPost(owner, 3);
  const ownerOnB = await connectSocket(b, onB(owner));
  const viewer = await member();
  const viewerOnA = await connectSocket(a, viewer.browser);
  const { ticketId, pid: viewed } = await nextTicket(viewer.browser, viewerOnA);
  expect(viewed).toBe(pid);
  await creditedClaim(viewerOnA, ticketId);

  const [{ campaigns }] = await ownerOnB.next('campaigns:updated', undefined, ({ campaigns }) =>
    campaigns.some((campaign) => campaign.pid === pid && campaign.viewsTotal === 1),
  );
  expect(campaigns).toEqual([expect.objectContaining({ pid, credits: 2, viewsTotal: 1, viewsToday: 1, status: 'active' })]);
});

it('a busy owner’s figures are pushed about once a second in all, however many processes settle its views, and the last push holds every view', async () => {
  const owner = await member();
  await grantCredits(db!, owner.id, 40);
  // Three credits each: two viewers never empty one, whose push would not wait its turn.
  const pids = new Set<number>();
  for (let i = 0; i < 12; i++) pids.add(await promotedPost(owner, 3));
  const ownerTab = await connectSocket(b, onB(owner));
  const pushes: { at: number; views: number }[] = [];
  ownerTab.socket.on('campaigns:updated', ({ campaigns }) =>
    pushes.push({ at: Date.now(), views: campaigns.reduce((sum, campaign) => sum + campaign.viewsTotal, 0) }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the pushes of funding the campaigns
  pushes.length = 0;

  // One viewer surfing through each process, a view every ≈ 200 ms each, for about two seconds.
  const viewers = [await member(), await member()];
  const browsers = [viewers[0].browser, onB(viewers[1])];
  const tabs = [await connectSocket(a, browsers[0]), await connectSocket(b, browsers[1])];
  let ownersViews = 0;
  await Promise.all(
    tabs.map(async (tab, i) => {
      let { ticketId, pid } = await nextTicket(browsers[i], tab);
      for (let view = 0; view < 10; view++) {
        const answer = await claimWithNext(tab, ticketId);
        if (!('data' in answer) || answer.data.outcome !== 'credited') throw new Error(JSON.stringify(answer));
        if (pids.has(pid)) ownersViews++;
        if (!answer.data.next?.ticket || !answer.data.next.post) break;
        [ticketId, pid] = [answer.data.next.ticket.id, answer.data.next.post.pid];
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );

  await eventually(async () => expect(pushes.at(-1)?.views).toBe(ownersViews), 5000);
  expect(ownersViews).toBeGreaterThan(10);
  // Each process would push every second on its own; taking turns, pushes come a second apart.
  for (let i = 1; i < pushes.length; i++) expect(pushes[i].at - pushes[i - 1].at).toBeGreaterThan(700);
});

it('a team member removed through process A is refused by process B within moments, and B’s team tab hears no more of the team', async () => {
  const [owner, manager] = await Promise.all([member(), member()]);
  const team = await createTeam(owner);
  await addTeamMember(db!, owner, team.id, manager);
  const managerOnB = onB(manager);
  actAs({ ...manager, browser: managerOnB }, team.id);
  expect((await managerOnB.get('/data/teams')).status).toBe(200); // B caches the team now
  const teamTabOnB = await connectSocket(b, managerOnB, { teamId: team.id });

  await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 3 });
  const [live] = await teamTabOnB.next('live:data', undefined, (data) => data.team !== undefined);
  expect(live.team).toEqual({ id: team.id, cc: 3 });

  expect((await owner.browser.delete(teamApiPath(team.id, `/members/${manager.id}`))).status).toBe(200);
  await eventually(async () => {
    const answer = await managerOnB.get('/data/teams');
    expect([answer.status, answer.body.errors[0]?.code]).toEqual([403, ErrorCode.TeamForbidden]);
  });
  expect(await teamTabOnB.next('teams:changed')).toEqual([{ teamId: team.id }]);
  await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 1 });
  await teamTabOnB.expectNo('live:data', undefined, (data) => data.team !== undefined);
});

it('a member banned through process A leaves the post rooms of the group on process B before the ban is answered', async () => {
  const [owner, insider, banned] = await Promise.all([member(), member(), member()]);
  const group = await makeGroup(db!, owner.id, 'private');
  await Promise.all([setMembership(db!, group.id, insider.id, 'active'), setMembership(db!, group.id, banned.id, 'active')]);
  const pid = await postBy(owner.browser, { groupId: group.id, db: db! });
  const [bannedOnB, insiderOnB] = await Promise.all([connectSocket(b, onB(banned)), connectSocket(b, onB(insider))]);
  for (const viewer of [bannedOnB, insiderOnB])
    expect(await viewer.socket.timeout(3000).emitWithAck('posts:watch', { pids: [pid] })).toEqual({ data: { pids: [pid] } });

  expect((await owner.browser.post(groupApiPath(group.slug, `/members/${banned.id}/ban`), {})).status).toBe(200);
  await comment(owner.browser, pid, 'members only');
  await insiderOnB.next('post:comment');
  expect(await bannedOnB.next('post:access-lost')).toEqual([{ pids: [pid] }]);
  await bannedOnB.expectNo('post:comment');
});

it('a process stopped with SIGTERM (a rolling restart) shuts down gracefully: exit code 0, and the other process keeps serving', async () => {
  const someone = await member();
  const [tabOnA, tabOnB] = await Promise.all([connectSocket(a, someone.browser), connectSocket(b, onB(someone))]);
  await processB!.stop(); // SIGTERM; main.ts then closes the app and exits with 0
  expect(await tabOnB.disconnected()).toMatch(/transport close|io server disconnect/);
  expect({ exitCode: processB!.child.exitCode, signal: processB!.child.signalCode }).toEqual({ exitCode: 0, signal: null });

  const item = await notifyThroughRest(admin.browser, someone.id);
  expect(await tabOnA.next('notification:new')).toEqual([item, 1]);
});
