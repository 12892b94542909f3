import { ErrorCode } from '../../shared/api/error-codes.js';
import { CAMPAIGN_ENDPOINTS, type CampaignItem, type PostItem } from '../../shared/campaigns/campaigns.js';
import {
  GROUP_ENDPOINTS,
  groupApiPath,
  type GroupAnswer,
  type GroupInviteItem,
  type GroupJoinAnswer,
  type GroupMembersAnswer,
  type GroupsOverview,
  type InvitePreview,
} from '../../shared/groups/groups.js';
import type { NotificationsPage } from '../../shared/notifications/notifications.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { addMember, createGroup, createInvite, membershipOf } from '../support/group-fixtures.js';
import {
  balanceOf,
  createPost,
  expectLedgerBalanced,
  grantCredits,
  postPayload,
  promotedPost,
  storedCampaign,
} from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const codesOf = (body: { errors: { code: string }[] }) => body.errors.map((error) => error.code);
const inviteJoin = (who: TestMember, code: string) => who.browser.post<GroupJoinAnswer>(`${GROUP_ENDPOINTS.invite}/${code}/join`);
const act = (who: TestMember, slug: string, userId: number, action: string) =>
  who.browser.post<GroupMembersAnswer>(groupApiPath(slug, `/members/${userId}/${action}`));
const setRole = (who: TestMember, slug: string, userId: number, role: string) =>
  who.browser.put<GroupMembersAnswer>(groupApiPath(slug, `/members/${userId}/role`), { role });
const usernames = (answer: GroupMembersAnswer) => answer.members.map((item) => [item.user.username, item.role]);

describe('creating and finding groups', () => {
  it('a member creates a group and owns it; its slug comes from the name and stays unique', async () => {
    const alice = await member();
    const first = await createGroup(alice, { name: 'Café Crème!', description: '  Coffee lovers  ', visibility: 'public' });
    expect(first).toMatchObject({
      slug: 'cafe-creme',
      name: 'Café Crème!',
      description: 'Coffee lovers',
      visibility: 'public',
      members: 1,
      image: null,
      viewer: { status: 'active', role: 'owner' },
      canSeeContent: true,
      canManage: true,
    });
    const second = await createGroup(alice, { name: 'cafe creme' });
    expect(second.slug).toBe('cafe-creme-2');

    const page = await new TestBrowser(testApp.baseUrl).get<GroupAnswer>(groupApiPath('cafe-creme'));
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ name: 'Café Crème!', viewer: null, canSeeContent: true, canManage: false });
  });

  it('refuses a nameless group and a picture the member did not upload', async () => {
    const alice = await member();
    const nameless = await alice.browser.post(GROUP_ENDPOINTS.groups, { name: ' ', visibility: 'public' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors[0]).toMatchObject({ code: ErrorCode.Validation, field: 'name' });
    const forged = await alice.browser.post(GROUP_ENDPOINTS.groups, {
      name: 'Pictures',
      visibility: 'public',
      imageId: '00000000-0000-4000-8000-000000000000',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.errors[0]).toMatchObject({ code: ErrorCode.Validation, field: 'imageId' });
  });

  it("lists the member's groups and public groups to discover, searchable by name; private groups are never discovered", async () => {
    const alice = await member();
    const bob = await member();
    const hiking = await createGroup(alice, { name: `Hiking ${process.pid}` });
    const secret = await createGroup(alice, { name: `Hiking secrets ${process.pid}`, visibility: 'private' });
    const mine = await createGroup(bob, { name: `Bob's own ${process.pid}` });

    const { body } = await bob.browser.get<GroupsOverview>(
      `${GROUP_ENDPOINTS.groups}?q=${encodeURIComponent(`hiking ${process.pid}`)}`,
    );
    expect(body.data!.mine.map((group) => group.slug)).toEqual([mine.slug]);
    expect(body.data!.discover.map((group) => group.slug)).toEqual([hiking.slug]);
    const all = await bob.browser.get<GroupsOverview>(GROUP_ENDPOINTS.groups);
    expect(all.body.data!.discover.map((group) => group.slug)).not.toContain(secret.slug);
  });

  it('answers not found for an unknown or malformed address', async () => {
    const alice = await member();
    for (const slug of ['no-such-group', 'UPPER', '%00', 'a'.repeat(41)]) {
      const { status, body } = await alice.browser.get(groupApiPath(slug));
      expect([slug, status, codesOf(body)]).toEqual([slug, 404, [ErrorCode.NotFound]]);
    }
  });
});

describe('joining and leaving', () => {
  it('a public group: join at once, leave; the last owner cannot leave', async () => {
    const alice = await member();
    const bob = await member();
    const group = await createGroup(alice);
    const joined = await bob.browser.post<GroupJoinAnswer>(groupApiPath(group.slug, '/join'));
    expect(joined.body.data).toMatchObject({
      status: 'active',
      group: { members: 2, viewer: { status: 'active', role: 'member' } },
    });

    expect((await bob.browser.post(groupApiPath(group.slug, '/leave'))).status).toBe(200);
    expect(await membershipOf(db, group.id, bob.id)).toBeNull();

    const ownerLeaves = await alice.browser.post(groupApiPath(group.slug, '/leave'));
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.errors[0].heading).toBe('You are the last owner');
    expect(await membershipOf(db, group.id, alice.id)).toEqual({ role: 'owner', status: 'active' });
  });

  it('a private group: a request the owners and moderators hear of; accepted, the requester is told and sees the members', async () => {
    const alice = await member();
    const mod = await member();
    const bob = await member();
    const group = await createGroup(alice, { visibility: 'private', name: 'Quiet room' });
    await addMember(db, group.id, mod.id, 'moderator');

    const asked = await bob.browser.post<GroupJoinAnswer>(groupApiPath(group.slug, '/join'));
    expect(asked.body.data).toMatchObject({ status: 'requested', group: { canSeeContent: false } });
    for (const manager of [alice, mod]) {
      const { body } = await manager.browser.get<NotificationsPage>('/data/notifications');
      expect(body.data!.items[0]).toMatchObject({
        type: 'group_join_request',
        body: `Test (@${bob.username}) asks to join Quiet room.`,
        link: `/profile/g/${group.slug}?tab=members`,
      });
    }
    const refused = await bob.browser.get(groupApiPath(group.slug, '/members'));
    expect(refused.status).toBe(403);

    const listed = await mod.browser.get<GroupMembersAnswer>(groupApiPath(group.slug, '/members'));
    expect(listed.body.data!.requests!.map((item) => item.user.id)).toEqual([bob.id]);
    const accepted = await act(mod, group.slug, bob.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data!.requests).toEqual([]);
    expect((await bob.browser.get<NotificationsPage>('/data/notifications')).body.data!.items[0]).toMatchObject({
      type: 'group_request_accepted',
      link: `/profile/g/${group.slug}`,
    });
    const members = await bob.browser.get<GroupMembersAnswer>(groupApiPath(group.slug, '/members'));
    expect(usernames(members.body.data!)).toEqual([
      [alice.username, 'owner'],
      [mod.username, 'moderator'],
      [bob.username, 'member'],
    ]);
    expect(members.body.data!.requests).toBeNull();
  });

  it('a declined request leaves no row; a withdrawn request too', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const group = await createGroup(alice, { visibility: 'private' });
    await bob.browser.post(groupApiPath(group.slug, '/join'));
    await carol.browser.post(groupApiPath(group.slug, '/join'));
    expect((await act(alice, group.slug, bob.id, 'decline')).status).toBe(200);
    expect(await membershipOf(db, group.id, bob.id)).toBeNull();
    await carol.browser.post(groupApiPath(group.slug, '/leave'));
    expect(await membershipOf(db, group.id, carol.id)).toBeNull();
  });
});

describe("a private group's members and posts are for its active members", () => {
  it('a non-member, a requester, a banned member and a visitor read neither the members nor the posts', async () => {
    const alice = await member();
    const requester = await member();
    const banned = await member();
    const stranger = await member();
    const group = await createGroup(alice, { visibility: 'private' });
    const { post } = await createPost(alice.browser, { groupId: group.id });
    await addMember(db, group.id, requester.id, 'member', 'requested');
    await addMember(db, group.id, banned.id, 'member', 'banned');
    const visitor = new TestBrowser(testApp.baseUrl);

    for (const browser of [requester.browser, banned.browser, stranger.browser, visitor]) {
      const members = await browser.get(groupApiPath(group.slug, '/members'));
      expect([members.status, codesOf(members.body)]).toEqual([403, [ErrorCode.Forbidden]]);
      const postPage = await browser.get(`${CAMPAIGN_ENDPOINTS.post}/${post.pid}`);
      expect([postPage.status, codesOf(postPage.body)]).toEqual([404, [ErrorCode.NotFound]]);
      const header = await browser.get<GroupAnswer>(groupApiPath(group.slug));
      expect(header.body.data).toMatchObject({ canSeeContent: false, canManage: false });
    }
    expect((await alice.browser.get<PostItem>(`${CAMPAIGN_ENDPOINTS.post}/${post.pid}`)).body.data!.pid).toBe(post.pid);
  });

  it("a public group's members and posts are open to everyone", async () => {
    const alice = await member();
    const group = await createGroup(alice);
    const { post } = await createPost(alice.browser, { groupId: group.id });
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await visitor.get<GroupMembersAnswer>(groupApiPath(group.slug, '/members'))).body.data!.total).toBe(1);
    expect((await visitor.get<PostItem>(`${CAMPAIGN_ENDPOINTS.post}/${post.pid}`)).status).toBe(200);
  });
});

describe('posting into a group', () => {
  it('only an active member posts into a group; a forged or foreign group id is refused', async () => {
    const alice = await member();
    const bob = await member();
    const group = await createGroup(alice);
    const secret = await createGroup(alice, { visibility: 'private' });

    const posted = await createPost(alice.browser, { groupId: group.id });
    expect((await db.query(`SELECT group_id FROM posts WHERE id = $1`, [posted.post.pid])).rows[0].group_id).toBe(group.id);

    await addMember(db, secret.id, bob.id, 'member', 'requested');
    for (const groupId of [group.id, secret.id, 2_000_000_000]) {
      const { status, body } = await bob.browser.post<CampaignItem>(CAMPAIGN_ENDPOINTS.posts, postPayload({ groupId }));
      expect([groupId, status, body.errors[0]]).toEqual([
        groupId,
        403,
        expect.objectContaining({ code: ErrorCode.Forbidden, field: 'groupId' }),
      ]);
    }
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM posts WHERE user_id = $1`, [bob.id]);
    expect(rows[0].n).toBe(0);
  });

  it('an edit leaves the post in its group', async () => {
    const alice = await member();
    const group = await createGroup(alice);
    const { post } = await createPost(alice.browser, { groupId: group.id });
    const edited = await alice.browser.put(
      `${CAMPAIGN_ENDPOINTS.post}/${post.pid}`,
      postPayload({ text: 'Edited', groupId: null }),
    );
    expect(edited.status).toBe(200);
    expect((await db.query(`SELECT group_id FROM posts WHERE id = $1`, [post.pid])).rows[0].group_id).toBe(group.id);
  });
});

describe('roles, removals and bans', () => {
  async function groupWithStaff() {
    const owner = await member();
    const mod = await member();
    const plain = await member();
    const other = await member();
    const group = await createGroup(owner);
    await addMember(db, group.id, mod.id, 'moderator');
    await addMember(db, group.id, plain.id);
    await addMember(db, group.id, other.id);
    return { owner, mod, plain, other, group };
  }

  it('a member cannot promote themselves or others, nor remove anyone; a moderator cannot change roles', async () => {
    const { mod, plain, other, group } = await groupWithStaff();
    for (const role of ['owner', 'moderator']) {
      const self = await setRole(plain, group.slug, plain.id, role);
      expect([self.status, codesOf(self.body)]).toEqual([403, [ErrorCode.Forbidden]]);
    }
    expect((await setRole(mod, group.slug, mod.id, 'owner')).status).toBe(403);
    expect((await setRole(mod, group.slug, other.id, 'moderator')).status).toBe(403);
    expect((await act(plain, group.slug, other.id, 'remove')).status).toBe(403);
    expect((await act(plain, group.slug, other.id, 'ban')).status).toBe(403);
    expect(await membershipOf(db, group.id, plain.id)).toEqual({ role: 'member', status: 'active' });
    expect(await membershipOf(db, group.id, mod.id)).toEqual({ role: 'moderator', status: 'active' });
    expect(await membershipOf(db, group.id, other.id)).toEqual({ role: 'member', status: 'active' });
  });

  it('a moderator removes and bans members, never moderators or owners', async () => {
    const { owner, mod, plain, other, group } = await groupWithStaff();
    const mod2 = await member();
    await addMember(db, group.id, mod2.id, 'moderator');
    expect((await act(mod, group.slug, owner.id, 'ban')).status).toBe(403);
    expect((await act(mod, group.slug, mod2.id, 'remove')).status).toBe(403);
    expect((await act(mod, group.slug, plain.id, 'remove')).status).toBe(200);
    expect(await membershipOf(db, group.id, plain.id)).toBeNull();
    const banned = await act(mod, group.slug, other.id, 'ban');
    expect(banned.body.data!.banned!.map((item) => item.user.id)).toEqual([other.id]);
    expect((await act(owner, group.slug, mod2.id, 'remove')).status).toBe(200);
  });

  it('an owner makes a moderator, hands ownership over and steps down; the last owner cannot step down', async () => {
    const { owner, plain, group } = await groupWithStaff();
    const last = await setRole(owner, group.slug, owner.id, 'member');
    expect([last.status, last.body.errors[0].heading]).toEqual([409, 'You are the last owner']);
    expect((await setRole(owner, group.slug, plain.id, 'moderator')).status).toBe(200);
    expect(await membershipOf(db, group.id, plain.id)).toEqual({ role: 'moderator', status: 'active' });
    expect((await setRole(owner, group.slug, plain.id, 'owner')).status).toBe(200);
    const stepped = await setRole(owner, group.slug, owner.id, 'moderator');
    expect(stepped.status).toBe(200);
    expect(await membershipOf(db, group.id, owner.id)).toEqual({ role: 'moderator', status: 'active' });
    expect((await owner.browser.post(groupApiPath(group.slug, '/leave'))).status).toBe(200);
  });

  it('a banned member cannot join again, by the button or by a code, until unbanned', async () => {
    const { owner, other, group } = await groupWithStaff();
    await act(owner, group.slug, other.id, 'ban');
    const invite = await createInvite(owner, group.slug);
    const again = await other.browser.post(groupApiPath(group.slug, '/join'));
    expect([again.status, codesOf(again.body)]).toEqual([403, [ErrorCode.BannedFromGroup]]);
    const byCode = await inviteJoin(other, invite.code);
    expect([byCode.status, codesOf(byCode.body)]).toEqual([403, [ErrorCode.BannedFromGroup]]);
    const preview = await other.browser.get(`${GROUP_ENDPOINTS.invite}/${invite.code}`);
    expect(preview.status).toBe(403);
    expect(await membershipOf(db, group.id, other.id)).toEqual({ role: 'member', status: 'banned' });
    expect((await db.query(`SELECT uses FROM group_invites WHERE id = $1`, [invite.id])).rows[0].uses).toBe(0);

    expect((await act(owner, group.slug, other.id, 'unban')).status).toBe(200);
    expect((await inviteJoin(other, invite.code)).body.data!.status).toBe('active');
  });

  it("acting on a group's member through another group's address changes nothing", async () => {
    const { owner } = await groupWithStaff();
    const { group: theirs, other: victim } = await groupWithStaff();
    const mine = await createGroup(owner);
    const removed = await act(owner, mine.slug, victim.id, 'remove');
    expect([removed.status, codesOf(removed.body)]).toEqual([404, [ErrorCode.NotFound]]);
    expect((await act(owner, theirs.slug, victim.id, 'remove')).status).toBe(403);
    expect(await membershipOf(db, theirs.id, victim.id)).toEqual({ role: 'member', status: 'active' });
  });
});

describe('invite codes', () => {
  it('an owner makes a code; another member previews the private group and joins by it, a use taken', async () => {
    const alice = await member();
    const bob = await member();
    const group = await createGroup(alice, { visibility: 'private', name: 'Invite only' });
    const invite = await createInvite(alice, group.slug, { expiresInHours: 24, maxUses: 2 });
    expect(invite).toMatchObject({ maxUses: 2, uses: 0, usable: true });
    expect(invite.code).toMatch(/^[A-Za-z0-9_-]{12}$/);

    const preview = await bob.browser.get<InvitePreview>(`${GROUP_ENDPOINTS.invite}/${invite.code}`);
    expect(preview.body.data!.group).toMatchObject({ name: 'Invite only', visibility: 'private', members: 1, viewer: null });
    const joined = await inviteJoin(bob, invite.code);
    expect(joined.body.data).toMatchObject({ status: 'active', group: { canSeeContent: true, members: 2 } });
    // Joining again takes no use.
    await inviteJoin(bob, invite.code);
    const list = await alice.browser.get<GroupInviteItem[]>(groupApiPath(group.slug, '/invites'));
    expect(list.body.data).toEqual([expect.objectContaining({ id: invite.id, uses: 1, usable: true })]);
  });

  it('an expired, used up, revoked or unknown code is refused with its own code', async () => {
    const alice = await member();
    const group = await createGroup(alice);
    const expired = await createInvite(alice, group.slug, { expiresInHours: 1 });
    await db.query(`UPDATE group_invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
    const once = await createInvite(alice, group.slug, { maxUses: 1 });
    const revoked = await createInvite(alice, group.slug);
    expect(
      (await alice.browser.delete<GroupInviteItem[]>(groupApiPath(group.slug, `/invites/${revoked.id}`))).body.data!.map(
        (i) => i.id,
      ),
    ).not.toContain(revoked.id);
    expect((await inviteJoin(await member(), once.code)).status).toBe(200);

    const bob = await member();
    for (const [code, status, errorCode] of [
      [expired.code, 410, ErrorCode.InviteExpired],
      [once.code, 410, ErrorCode.InviteUsedUp],
      [revoked.code, 410, ErrorCode.InviteRevoked],
      ['NoSuchCode123', 404, ErrorCode.NotFound],
      ['%00', 404, ErrorCode.NotFound],
    ] as const) {
      const joined = await inviteJoin(bob, code);
      expect([code, joined.status, codesOf(joined.body)]).toEqual([code, status, [errorCode]]);
      const preview = await bob.browser.get(`${GROUP_ENDPOINTS.invite}/${code}`);
      expect([code, preview.status]).toEqual([code, status]);
    }
    expect(await membershipOf(db, group.id, bob.id)).toBeNull();
  });

  it('rotating a code stops the old one and makes a new one with the same limits', async () => {
    const alice = await member();
    const group = await createGroup(alice);
    const old = await createInvite(alice, group.slug, { expiresInHours: 48, maxUses: 5 });
    const rotated = await alice.browser.post<GroupInviteItem>(groupApiPath(group.slug, `/invites/${old.id}/rotate`));
    expect(rotated.body.data).toMatchObject({ maxUses: 5, uses: 0, usable: true });
    expect(rotated.body.data!.code).not.toBe(old.code);
    const hours = (Date.parse(rotated.body.data!.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(codesOf((await inviteJoin(await member(), old.code)).body)).toEqual([ErrorCode.InviteRevoked]);
    expect((await inviteJoin(await member(), rotated.body.data!.code)).status).toBe(200);
  });

  it("only the group's owners and moderators see, make, revoke or rotate its codes; another group's code id is not found", async () => {
    const alice = await member();
    const bob = await member();
    const group = await createGroup(alice);
    await addMember(db, group.id, bob.id);
    const invite = await createInvite(alice, group.slug);
    const stranger = await member();
    for (const who of [bob, stranger]) {
      expect((await who.browser.get(groupApiPath(group.slug, '/invites'))).status).toBe(403);
      expect((await who.browser.post(groupApiPath(group.slug, '/invites'), { expiresInHours: null, maxUses: null })).status).toBe(
        403,
      );
      expect((await who.browser.delete(groupApiPath(group.slug, `/invites/${invite.id}`))).status).toBe(403);
      expect((await who.browser.post(groupApiPath(group.slug, `/invites/${invite.id}/rotate`))).status).toBe(403);
    }
    const bobsGroup = await createGroup(bob);
    const foreign = await bob.browser.delete(groupApiPath(bobsGroup.slug, `/invites/${invite.id}`));
    expect([foreign.status, codesOf(foreign.body)]).toEqual([404, [ErrorCode.NotFound]]);
    expect((await bob.browser.post(groupApiPath(bobsGroup.slug, `/invites/${invite.id}/rotate`))).status).toBe(404);
    const { rows } = await db.query(`SELECT revoked_at FROM group_invites WHERE id = $1`, [invite.id]);
    expect(rows[0].revoked_at).toBeNull();
  });
});

describe('editing a group', () => {
  it('owners and moderators edit it; a member or a stranger cannot', async () => {
    const alice = await member();
    const mod = await member();
    const bob = await member();
    const group = await createGroup(alice, { name: 'Before' });
    await addMember(db, group.id, mod.id, 'moderator');
    await addMember(db, group.id, bob.id);
    const payload = { name: 'After', description: 'New words', visibility: 'private' as const };
    expect((await bob.browser.put(groupApiPath(group.slug), payload)).status).toBe(403);
    expect((await (await member()).browser.put(groupApiPath(group.slug), payload)).status).toBe(403);
    const edited = await mod.browser.put<GroupAnswer>(groupApiPath(group.slug), payload);
    expect(edited.body.data).toMatchObject({ name: 'After', description: 'New words', visibility: 'private', slug: group.slug });
  });
});

describe('deleting a group', () => {
  it('only an owner deletes it: a moderator, a member, a stranger and a visitor are refused and nothing changes', async () => {
    const owner = await member();
    const mod = await member();
    const plain = await member();
    const group = await createGroup(owner, { visibility: 'private' });
    await addMember(db, group.id, mod.id, 'moderator');
    await addMember(db, group.id, plain.id);
    const { post } = await createPost(plain.browser, { groupId: group.id });

    const byModerator = await mod.browser.delete(groupApiPath(group.slug));
    expect([byModerator.status, codesOf(byModerator.body)]).toEqual([403, [ErrorCode.Forbidden]]);
    expect(byModerator.body.errors[0].message).toBe("Only the group's owners can delete it.");
    expect((await plain.browser.delete(groupApiPath(group.slug))).status).toBe(403);
    expect((await (await member()).browser.delete(groupApiPath(group.slug))).status).toBe(403);
    expect((await new TestBrowser(testApp.baseUrl).delete(groupApiPath(group.slug))).status).toBe(401);
    expect((await owner.browser.delete(groupApiPath('no-such-group'))).status).toBe(404);

    expect((await owner.browser.get<GroupAnswer>(groupApiPath(group.slug))).body.data).toMatchObject({ members: 3 });
    const { rows } = await db.query(`SELECT group_id, deleted_at FROM posts WHERE id = $1`, [post.pid]);
    expect(rows[0]).toEqual({ group_id: group.id, deleted_at: null });
  });

  it('an owner deletes it: its posts leave every feed, their credits go back to their authors, its members are told', async () => {
    const owner = await member();
    const author = await member();
    const requester = await member();
    const group = await createGroup(owner, { visibility: 'public' });
    await addMember(db, group.id, author.id);
    await addMember(db, group.id, requester.id, 'member', 'requested');
    await grantCredits(db, author.id, 50);
    const pid = await promotedPost(author, 30, { groupId: group.id, tags: ['gone-with-group'] });
    const elsewhere = await promotedPost(author, 5);
    await author.browser.put(`/data/bookmarks/${pid}`);
    const invite = await createInvite(owner, group.slug);
    const balanceBefore = await balanceOf(db, author.id);

    const deleted = await owner.browser.delete(groupApiPath(group.slug));
    expect(deleted.status).toBe(200);

    expect((await owner.browser.get(groupApiPath(group.slug))).status).toBe(404);
    expect((await author.browser.get(`/data/posts/${pid}`)).status).toBe(404);
    expect(
      (await author.browser.get<{ entries: unknown[] }>('/data/feed?source=tag&key=gone-with-group')).body.data!.entries,
    ).toEqual([]);
    const home = (await author.browser.get<{ entries: { post: PostItem }[] }>('/data/feed?source=home')).body.data!;
    expect(home.entries.map((entry) => entry.post.pid)).toEqual([elsewhere]);
    expect((await author.browser.get<{ items: unknown[] }>('/data/bookmarks')).body.data!.items).toEqual([]);
    expect((await author.browser.get(`${GROUP_ENDPOINTS.invite}/${invite.code}`)).status).toBe(404);
    expect((await author.browser.get<GroupsOverview>(GROUP_ENDPOINTS.groups)).body.data!.mine).toEqual([]);

    expect(await balanceOf(db, author.id)).toBe(balanceBefore + 30);
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 0, paused: true });
    expect(await storedCampaign(db, elsewhere)).toMatchObject({ credits: 5 });
    await expectLedgerBalanced(db);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM group_members WHERE group_id = $1`, [group.id]);
    expect(rows[0].n).toBe(0);

    const notices = async (who: TestMember) =>
      (await who.browser.get<NotificationsPage>('/data/notifications')).body
        .data!.items.filter((item) => item.type === 'group_deleted')
        .map((item) => [item.heading, item.link]);
    expect(await notices(author)).toEqual([['Group deleted', null]]);
    expect(await notices(owner)).toEqual([]);
    expect(await notices(requester)).toEqual([]);
  });
});
