import { groupApiPath, type GroupMembersAnswer } from '../../shared/groups/groups.js';
import type { Ack } from '../../shared/realtime/events.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { createGroup, createInvite } from '../support/group-fixtures.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();

const member = () => signUp(testApp.baseUrl);
const tab = (who?: TestMember) => connectSocket(testApp.baseUrl, who?.browser);

async function watch(socket: TestSocket, slug: unknown): Promise<Ack<{ slug: string | null }>> {
  return socket.socket.timeout(3000).emitWithAck('group:watch', { slug } as { slug: string | null });
}

const act = (who: TestMember, slug: string, userId: number, action: string) =>
  who.browser.post<GroupMembersAnswer>(groupApiPath(slug, `/members/${userId}/${action}`));

describe('a group’s members list, live', () => {
  it('every tab showing the members hears when someone joins, leaves, is removed or changes role; other tabs do not', async () => {
    const [owner, joiner, viewer, elsewhere] = await Promise.all([member(), member(), member(), member()]);
    const group = await createGroup(owner, { visibility: 'public' });
    const other = await createGroup(elsewhere, { visibility: 'public' });
    const [ownerTab, visitorTab, viewerTab, elsewhereTab, idleTab] = await Promise.all([
      tab(owner),
      tab(),
      tab(viewer),
      tab(elsewhere),
      tab(viewer),
    ]);
    for (const watching of [ownerTab, visitorTab, viewerTab])
      expect(await watch(watching, group.slug)).toEqual({ data: { slug: group.slug } });
    expect(await watch(elsewhereTab, other.slug)).toEqual({ data: { slug: other.slug } });

    const heard = async () => {
      for (const watching of [ownerTab, visitorTab, viewerTab])
        expect((await watching.next('group:members'))[0]).toEqual({ slug: group.slug });
      await Promise.all([elsewhereTab.expectNo('group:members'), idleTab.expectNo('group:members')]);
    };

    expect((await joiner.browser.post(groupApiPath(group.slug, '/join'))).status).toBe(200);
    await heard();
    expect((await owner.browser.put(groupApiPath(group.slug, `/members/${joiner.id}/role`), { role: 'moderator' })).status).toBe(
      200,
    );
    await heard();
    expect((await joiner.browser.post(groupApiPath(group.slug, '/leave'))).status).toBe(200);
    await heard();

    // Watching another group, or none, replaces the room.
    expect(await watch(viewerTab, null)).toEqual({ data: { slug: null } });
    expect((await joiner.browser.post(groupApiPath(group.slug, '/join'))).status).toBe(200);
    expect((await ownerTab.next('group:members'))[0]).toEqual({ slug: group.slug });
    await viewerTab.expectNo('group:members');
  });

  it('a private group’s room is its active members’ only; a removed member stops hearing of it at once', async () => {
    const [owner, insider, outsider, requester] = await Promise.all([member(), member(), member(), member()]);
    const group = await createGroup(owner, { visibility: 'private' });
    const invite = await createInvite(owner, group.slug);
    expect((await insider.browser.post(`/data/group-invites/${invite.code}/join`)).status).toBe(200);
    const [ownerTab, insiderTab, outsiderTab, visitorTab] = await Promise.all([tab(owner), tab(insider), tab(outsider), tab()]);

    expect(await watch(ownerTab, group.slug)).toEqual({ data: { slug: group.slug } });
    expect(await watch(insiderTab, group.slug)).toEqual({ data: { slug: group.slug } });
    for (const intruder of [outsiderTab, visitorTab]) {
      const answer = await watch(intruder, group.slug);
      expect('error' in answer && answer.error.code).toBe('forbidden');
    }
    const codeOf = (answer: Ack<unknown>) => ('error' in answer ? answer.error.code : null);
    expect(codeOf(await watch(ownerTab, 'no-such-group'))).toBe('not_found');
    for (const bad of ['UPPER', '../x', 42]) expect(codeOf(await watch(ownerTab, bad))).toBe('validation');
    expect(await watch(ownerTab, group.slug)).toEqual({ data: { slug: group.slug } });

    // A request reaches the members' tabs (the managers' list of requests changes).
    expect((await requester.browser.post(groupApiPath(group.slug, '/join'))).status).toBe(200);
    await ownerTab.next('group:members');
    await insiderTab.next('group:members');
    await Promise.all([outsiderTab, visitorTab].map((intruder) => intruder.expectNo('group:members')));

    expect((await act(owner, group.slug, insider.id, 'remove')).status).toBe(200);
    await ownerTab.next('group:members');
    await insiderTab.expectNo('group:members');
    expect((await act(owner, group.slug, requester.id, 'accept')).status).toBe(200);
    await ownerTab.next('group:members');
    await insiderTab.expectNo('group:members');
  });

  it('deleting the group tells the tabs showing it, which then find it gone', async () => {
    const [owner, viewer] = await Promise.all([member(), member()]);
    const group = await createGroup(owner, { visibility: 'public' });
    const viewerTab = await tab(viewer);
    expect(await watch(viewerTab, group.slug)).toEqual({ data: { slug: group.slug } });
    expect((await owner.browser.delete(groupApiPath(group.slug))).status).toBe(200);
    expect((await viewerTab.next('group:members'))[0]).toEqual({ slug: group.slug });
    expect((await viewer.browser.get(groupApiPath(group.slug))).status).toBe(404);
  });
});
