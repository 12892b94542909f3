import { ADMIN_REPORT_ENDPOINTS } from '../../shared/admin/reports.js';
import { SOCIAL_PATHS } from '../../shared/feed/feed.js';
import { groupApiPath } from '../../shared/groups/groups.js';
import type { Ack } from '../../shared/realtime/events.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { comment, makeGroup, postBy, setMembership } from '../support/social-fixtures.js';
import { useAdmin } from '../support/socket-fixtures.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import type { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;
const admin = useAdmin(testApp);

const member = () => signUp(testApp.baseUrl);
const tab = (who?: TestMember) => connectSocket(testApp.baseUrl, who?.browser);

async function watch(socket: TestSocket, pids: unknown): Promise<Ack<{ pids: number[] }>> {
  return socket.socket.timeout(3000).emitWithAck('posts:watch', { pids } as { pids: number[] });
}

describe('live post rooms', () => {
  it('a comment and a feel reach the tabs viewing the post, visitors included, and no others', async () => {
    const [alice, bob, carol] = await Promise.all([member(), member(), member()]);
    const pid = await postBy(alice.browser);
    const otherPid = await postBy(alice.browser);
    const [aliceTab, carolTab, visitorTab, elsewhereTab, idleTab] = await Promise.all([
      tab(alice),
      tab(carol),
      tab(),
      tab(bob),
      tab(carol),
    ]);
    for (const viewer of [aliceTab, carolTab, visitorTab])
      expect(await watch(viewer, [pid, otherPid])).toEqual({ data: { pids: [pid, otherPid] } });
    expect(await watch(elsewhereTab, [otherPid])).toEqual({ data: { pids: [otherPid] } });

    const written = await comment(bob.browser, pid, 'live words');
    for (const viewer of [aliceTab, carolTab, visitorTab]) {
      const [change] = await viewer.next('post:comment');
      expect(change).toEqual({ pid, comment: written, commentCount: 1 });
    }
    await Promise.all([elsewhereTab.expectNo('post:comment'), idleTab.expectNo('post:comment')]);

    await bob.browser.put(SOCIAL_PATHS.postFeel(pid), { kind: 'love' });
    const [feels] = await carolTab.next('post:feels');
    expect(feels).toEqual({ target: { pid, commentId: null }, counts: { love: 1 }, by: bob.id, kind: 'love' });
    await elsewhereTab.expectNo('post:feels');

    // Scrolled away: a new set replaces the old one.
    expect(await watch(carolTab, [otherPid])).toEqual({ data: { pids: [otherPid] } });
    await bob.browser.delete(SOCIAL_PATHS.comment(written.id));
    expect((await aliceTab.next('post:comment-removed'))[0]).toEqual({
      pid,
      commentId: written.id,
      parentId: null,
      commentCount: 0,
    });
    await carolTab.expectNo('post:comment-removed');
  });

  it('refuses a private group post’s room to non-members, banned members and visitors', async () => {
    const [owner, insider, outsider, banned] = await Promise.all([member(), member(), member(), member()]);
    const group = await makeGroup(db, owner.id, 'private');
    await setMembership(db, group.id, insider.id, 'active');
    await setMembership(db, group.id, banned.id, 'banned');
    const pid = await postBy(owner.browser, { groupId: group.id, db });
    const [insiderTab, outsiderTab, bannedTab, visitorTab] = await Promise.all([tab(insider), tab(outsider), tab(banned), tab()]);

    expect(await watch(insiderTab, [pid])).toEqual({ data: { pids: [pid] } });
    for (const intruder of [outsiderTab, bannedTab, visitorTab])
      expect(await watch(intruder, [pid])).toEqual({ data: { pids: [] } });

    await comment(owner.browser, pid, 'members only');
    await insiderTab.next('post:comment');
    await Promise.all([outsiderTab, bannedTab, visitorTab].map((intruder) => intruder.expectNo('post:comment')));
  });

  it('a comment never reaches the tabs of members blocked either way with its author, nor may they watch each other’s posts', async () => {
    const [alice, blocker, blocked] = await Promise.all([member(), member(), member()]);
    const pid = await postBy(alice.browser);
    const blockersPid = await postBy(blocker.browser);
    const blockedPid = await postBy(blocked.browser);
    await blocker.browser.post('/data/blocks', { userId: blocked.id });
    const [aliceTab, blockerTab, blockedTab] = await Promise.all([tab(alice), tab(blocker), tab(blocked)]);
    await watch(aliceTab, [pid]);
    expect(await watch(blockerTab, [pid, blockedPid])).toEqual({ data: { pids: [pid] } });
    expect(await watch(blockedTab, [pid, blockersPid])).toEqual({ data: { pids: [pid] } });

    await comment(blocked.browser, pid, 'you blocked me');
    await Promise.all([aliceTab.next('post:comment'), blockedTab.next('post:comment')]);
    await blockerTab.expectNo('post:comment');
    await comment(blocker.browser, pid, 'I blocked you');
    await aliceTab.next('post:comment');
    await blockedTab.expectNo('post:comment');
  });

  it('refuses malformed watch requests', async () => {
    const viewer = await tab();
    for (const pids of ['1', [0], [-1], [1.5], Array.from({ length: 51 }, (_, i) => i + 1)]) {
      expect(await watch(viewer, pids)).toMatchObject({ error: { code: 'validation' } });
    }
  });
});

/** Answers 200 or fails with what the server said. */
async function ok(call: Promise<{ status: number; body: { errors?: unknown } }>): Promise<void> {
  const { status, body } = await call;
  if (status !== 200) throw new Error(`answered ${status}: ${JSON.stringify(body.errors)}`);
}

/**
 * Right after the change's answer, new comments and feels on the post reach `kept` and no longer
 * `cut`, which is told it lost the post.
 */
async function expectCutOff(pid: number, writer: TestBrowser, cut: TestSocket[], kept: TestSocket[]): Promise<void> {
  await comment(writer, pid, 'after the change');
  await writer.put(SOCIAL_PATHS.postFeel(pid), { kind: 'love' });
  for (const tab of kept) await Promise.all([tab.next('post:comment'), tab.next('post:feels')]);
  for (const tab of cut) {
    expect(await tab.next('post:access-lost')).toEqual([{ pids: [pid] }]);
    await Promise.all([tab.expectNo('post:comment'), tab.expectNo('post:feels')]);
  }
}

describe('post rooms follow access as it changes', () => {
  async function privateGroupPost() {
    const [owner, insider, target] = await Promise.all([member(), member(), member()]);
    const group = await makeGroup(db, owner.id, 'private');
    await Promise.all([setMembership(db, group.id, insider.id, 'active'), setMembership(db, group.id, target.id, 'active')]);
    const pid = await postBy(owner.browser, { groupId: group.id, db });
    const [insiderTab, targetTab] = await Promise.all([tab(insider), tab(target)]);
    for (const viewer of [insiderTab, targetTab]) expect(await watch(viewer, [pid])).toEqual({ data: { pids: [pid] } });
    return { owner, target, group, pid, insiderTab, targetTab };
  }

  it.each(['ban', 'remove'] as const)(
    'a member a manager %ss stops hearing the group’s posts at once; watching again is refused',
    async (action) => {
      const { owner, target, group, pid, insiderTab, targetTab } = await privateGroupPost();
      await ok(owner.browser.post(groupApiPath(group.slug, `/members/${target.id}/${action}`), {}));
      await expectCutOff(pid, owner.browser, [targetTab], [insiderTab]);
      expect(await watch(targetTab, [pid])).toEqual({ data: { pids: [] } });
    },
  );

  it('a tab away while its member was banned comes back afresh: neither the room nor what was pushed there meanwhile', async () => {
    const { owner, target, group, pid, insiderTab, targetTab } = await privateGroupPost();
    const wire: unknown[] = [];
    targetTab.socket.io.on('packet', (packet) => wire.push(packet));
    await targetTab.drop();
    await ok(owner.browser.post(groupApiPath(group.slug, `/members/${target.id}/ban`), {}));
    await comment(owner.browser, pid, 'Said while you were away');
    await insiderTab.next('post:comment');

    expect(await targetTab.reconnect()).toEqual({ recovered: false });
    await comment(owner.browser, pid, 'Said after you came back');
    await insiderTab.next('post:comment');
    await targetTab.expectNo('post:comment');
    expect(JSON.stringify(wire)).not.toContain('Said');
  });

  it('a member who leaves stops hearing the group’s posts at once', async () => {
    const { owner, target, group, pid, insiderTab, targetTab } = await privateGroupPost();
    await ok(target.browser.post(groupApiPath(group.slug, '/leave'), {}));
    await expectCutOff(pid, owner.browser, [targetTab], [insiderTab]);
  });

  it('a group made private: outsiders and visitors stop hearing its posts and its members list, its members do not', async () => {
    const [owner, insider, outsider, newcomer] = await Promise.all([member(), member(), member(), member()]);
    const group = await makeGroup(db, owner.id, 'public');
    await setMembership(db, group.id, insider.id, 'active');
    const pid = await postBy(owner.browser, { groupId: group.id, db });
    const [insiderTab, outsiderTab, visitorTab] = await Promise.all([tab(insider), tab(outsider), tab()]);
    for (const viewer of [insiderTab, outsiderTab, visitorTab]) {
      expect(await watch(viewer, [pid])).toEqual({ data: { pids: [pid] } });
      await viewer.socket.timeout(3000).emitWithAck('group:watch', { slug: group.slug });
    }

    await ok(owner.browser.put(groupApiPath(group.slug), { name: 'Now private', description: '', visibility: 'private' }));
    await expectCutOff(pid, owner.browser, [outsiderTab, visitorTab], [insiderTab]);
    // Those who may no longer see its members are told once, to read the group again; then nothing more.
    for (const intruder of [outsiderTab, visitorTab])
      expect(await intruder.next('group:members')).toEqual([{ slug: group.slug }]);
    await ok(newcomer.browser.post(groupApiPath(group.slug, '/join'), {}));
    await insiderTab.next('group:members');
    await Promise.all([outsiderTab.expectNo('group:members'), visitorTab.expectNo('group:members')]);
  });

  it('a deleted post and a deleted group: their viewers are told and leave the rooms, other posts’ rooms stay', async () => {
    const [owner, viewer] = await Promise.all([member(), member()]);
    const group = await makeGroup(db, owner.id, 'public');
    const [groupPid, pid, otherPid] = await Promise.all([
      postBy(owner.browser, { groupId: group.id, db }),
      postBy(owner.browser),
      postBy(owner.browser),
    ]);
    const [viewerTab, visitorTab] = await Promise.all([tab(viewer), tab()]);
    for (const watcher of [viewerTab, visitorTab]) await watch(watcher, [groupPid, pid, otherPid]);

    await ok(owner.browser.delete(`/data/posts/${pid}`));
    for (const watcher of [viewerTab, visitorTab]) expect(await watcher.next('post:access-lost')).toEqual([{ pids: [pid] }]);
    await ok(owner.browser.delete(groupApiPath(group.slug)));
    for (const watcher of [viewerTab, visitorTab]) expect(await watcher.next('post:access-lost')).toEqual([{ pids: [groupPid] }]);

    await comment(owner.browser, otherPid, 'still here');
    for (const watcher of [viewerTab, visitorTab]) await watcher.next('post:comment');
  });

  it('a block, either way: the blocker and the blocked member stop hearing each other’s posts at once', async () => {
    const [author, blocker, blocked, bystander] = await Promise.all([member(), member(), member(), member()]);
    const pid = await postBy(author.browser);
    const [blockerTab, blockedTab, bystanderTab] = await Promise.all([tab(blocker), tab(blocked), tab(bystander)]);
    await Promise.all([watch(blockerTab, [pid]), watch(blockedTab, [pid]), watch(bystanderTab, [pid])]);

    await ok(blocker.browser.post('/data/blocks', { userId: author.id }));
    await expectCutOff(pid, author.browser, [blockerTab], [blockedTab, bystanderTab]);
    await ok(author.browser.post('/data/blocks', { userId: blocked.id }));
    await expectCutOff(pid, bystander.browser, [blockedTab], [bystanderTab]);
  });

  it('a comment an admin hides leaves the post’s open tabs at once, all but its writer’s', async () => {
    const [author, writer, reader] = await Promise.all([member(), member(), member()]);
    const pid = await postBy(author.browser);
    const top = await comment(writer.browser, pid, 'a fine comment');
    const reply = await comment(writer.browser, pid, 'a reply to hide', top.id);
    const [authorTab, writerTab, readerTab, visitorTab] = await Promise.all([tab(author), tab(writer), tab(reader), tab()]);
    for (const viewer of [authorTab, writerTab, readerTab, visitorTab]) await watch(viewer, [pid]);

    await ok(admin.browser.post(ADMIN_REPORT_ENDPOINTS.act('comment', reply.id, 'hide'), {}));
    for (const viewer of [authorTab, readerTab, visitorTab]) {
      const [removed] = await viewer.next('post:comment-removed');
      expect(removed).toMatchObject({ pid, commentId: reply.id, parentId: top.id });
    }
    await writerTab.expectNo('post:comment-removed');
    // Hidden once, it is not removed twice.
    await ok(admin.browser.post(ADMIN_REPORT_ENDPOINTS.act('comment', reply.id, 'hide'), {}));
    await readerTab.expectNo('post:comment-removed');
  });

  it('a suspended member’s tabs hear nothing more', async () => {
    const [author, suspended, other] = await Promise.all([member(), member(), member()]);
    const pid = await postBy(author.browser);
    const [suspendedTab, otherTab] = await Promise.all([tab(suspended), tab(other)]);
    await Promise.all([watch(suspendedTab, [pid]), watch(otherTab, [pid])]);
    await ok(admin.browser.post(`/data/admin/users/${suspended.id}/login`, { suspended: true }));
    await comment(author.browser, pid, 'after the suspension');
    await otherTab.next('post:comment');
    await suspendedTab.expectNo('post:comment');
    expect(suspendedTab.connected).toBe(false);
  });
});
