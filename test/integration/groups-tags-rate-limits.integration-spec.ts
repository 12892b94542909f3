import { ErrorCode } from '../../shared/api/error-codes.js';
import { GROUP_ENDPOINTS, groupApiPath, type GroupInviteItem } from '../../shared/groups/groups.js';
import { tagFollowPath } from '../../shared/tags/tags.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { createGroup, createInvite, membershipOf } from '../support/group-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

/** The per-member limits at their real size (factor 1): each test signs up members of its own. */
const testApp = useTestApp({ rateLimitFactor: 1 });
const { db } = testApp;

const HOUR = 3600;
const member = () => signUp(testApp.baseUrl);
const countOf = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0].n as number;

/** The refusal of a write past its limit: 429, rate_limited, and the seconds until the window ends. */
function expectRateLimited(answer: { status: number; body: { errors: { code: string; retryAfter?: number }[] } }): void {
  expect([answer.status, answer.body.errors.map((error) => error.code)]).toEqual([429, [ErrorCode.RateLimited]]);
  expect(answer.body.errors[0].retryAfter).toBeGreaterThan(HOUR - 60);
  expect(answer.body.errors[0].retryAfter).toBeLessThanOrEqual(HOUR);
}

/** Groups by SQL (no owner), as many as a test needs to join; answers their ids and slugs. */
async function groupsToJoin(owner: TestMember, count: number, visibility: 'public' | 'private') {
  const { rows } = await db.query<{ id: number; slug: string }>(
    `INSERT INTO groups (slug, name, visibility, created_by)
     SELECT 'limit-' || $1 || '-' || $2 || '-' || n, 'Limit ' || n, $2, $3 FROM generate_series(1, $4::int) n RETURNING id, slug`,
    [owner.id, visibility, owner.id, count],
  );
  return rows;
}

describe('per-member limits on group and tag writes', () => {
  it('a member creates 5 groups an hour; the 6th is refused and not made, another member still creates one', async () => {
    const alice = await member();
    for (let n = 0; n < 5; n++) await createGroup(alice);
    expectRateLimited(await alice.browser.post(GROUP_ENDPOINTS.groups, { name: 'One too many', visibility: 'public' }));
    expect(await countOf(`SELECT count(*)::int AS n FROM groups WHERE created_by = $1`, [alice.id])).toBe(5);
    await createGroup(await member());
  });

  it('a manager makes or rotates 30 invite codes an hour; the 31st is refused and not made', async () => {
    const dana = await member();
    const group = await createGroup(dana);
    const first = await createInvite(dana, group.slug);
    const rotated = await dana.browser.post<GroupInviteItem>(groupApiPath(group.slug, `/invites/${first.id}/rotate`));
    expect(rotated.status).toBe(200);
    for (let n = 0; n < 28; n++) await createInvite(dana, group.slug);
    expectRateLimited(await dana.browser.post(groupApiPath(group.slug, '/invites'), { expiresInHours: null, maxUses: null }));
    expectRateLimited(await dana.browser.post(groupApiPath(group.slug, `/invites/${rotated.body.data!.id}/rotate`)));
    expect(await countOf(`SELECT count(*)::int AS n FROM group_invites WHERE group_id = $1`, [group.id])).toBe(30);
  });

  it('a member joins, asks to join or joins by code 30 times an hour; the 31st is refused and leaves no membership', async () => {
    const owner = await member();
    const bob = await member();
    const byCode = await createGroup(owner);
    const invite = await createInvite(owner, byCode.slug);
    const [privateGroup] = await groupsToJoin(owner, 1, 'private');
    const [last, ...publicGroups] = await groupsToJoin(owner, 29, 'public');

    expect((await bob.browser.post(`${GROUP_ENDPOINTS.invite}/${invite.code}/join`)).status).toBe(200);
    expect((await bob.browser.post(groupApiPath(privateGroup.slug, '/join'))).status).toBe(200);
    for (const group of publicGroups) expect((await bob.browser.post(groupApiPath(group.slug, '/join'))).status).toBe(200);

    expectRateLimited(await bob.browser.post(groupApiPath(last.slug, '/join')));
    expect(await membershipOf(db, last.id, bob.id)).toBeNull();
    const other = await createGroup(owner);
    expectRateLimited(await bob.browser.post(`${GROUP_ENDPOINTS.invite}/${(await createInvite(owner, other.slug)).code}/join`));
    expect(await membershipOf(db, other.id, bob.id)).toBeNull();
  });

  it('a member follows 60 tags an hour, unfollowing giving none back; the 61st is refused and not followed', async () => {
    const carol = await member();
    for (let n = 0; n < 30; n++) {
      await carol.browser.post(tagFollowPath(`limit-${n}`));
      await carol.browser.delete(tagFollowPath(`limit-${n}`));
    }
    for (let n = 30; n < 60; n++) await carol.browser.post(tagFollowPath(`limit-${n}`));
    expectRateLimited(await carol.browser.post(tagFollowPath('one-too-many')));
    expect(await countOf(`SELECT count(*)::int AS n FROM tag_follows WHERE user_id = $1`, [carol.id])).toBe(30);
  });
});
