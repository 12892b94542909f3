import { SOCIAL_PATHS } from '../../shared/feed/feed.js';
import type { Ack } from '../../shared/realtime/events.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { comment, makeGroup, postBy, setMembership } from '../support/social-fixtures.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

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
