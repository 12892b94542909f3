import type { ProfileAnswer } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { BOOKMARK_ENDPOINTS } from '../../shared/bookmarks/bookmarks.js';
import type { CommentsPage } from '../../shared/feed/comments.js';
import { SOCIAL_PATHS, type FeedEntry } from '../../shared/feed/feed.js';
import type { FeelersPage } from '../../shared/feed/feels.js';
import { SAFETY_ENDPOINTS } from '../../shared/feed/safety.js';
import type { ListPage } from '../../shared/api/list-page.js';
import { groupApiPath, type GroupMembersAnswer } from '../../shared/groups/groups.js';
import type { NotificationItem, NotificationsPage } from '../../shared/notifications/notifications.js';
import { PEOPLE_ENDPOINTS, type MemberCard } from '../../shared/people/people.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { follow as followBy } from '../support/people-fixtures.js';
import { comment, feedPids, follow, followTag, makeGroup, postBy, setMembership } from '../support/social-fixtures.js';
import type { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * A block hides both ways. Each test runs the same attack in both directions: the viewer blocked
 * the author, and the author blocked the viewer. Either way the viewer gets nothing of the
 * author's (posts, comments, feels, cards, notifications) and cannot act on it, as if it did not
 * exist; a third member still sees both.
 */
const testApp = useTestApp();
const { db } = testApp;

const member = (first_name = 'Test') => signUp(testApp.baseUrl, { first_name });

type Direction = 'the viewer blocked the author' | 'the author blocked the viewer';
const DIRECTIONS: Direction[] = ['the viewer blocked the author', 'the author blocked the viewer'];

/** A viewer and an author blocked `direction`, and a third member blocked with neither. */
async function blockedPair(direction: Direction): Promise<{ viewer: TestMember; author: TestMember; third: TestMember }> {
  const [viewer, author, third] = await Promise.all([member('Viewer'), member('Author'), member('Third')]);
  const [blocker, blocked] = direction === 'the viewer blocked the author' ? [viewer, author] : [author, viewer];
  expect((await blocker.browser.post(SAFETY_ENDPOINTS.blocks, { userId: blocked.id })).status).toBe(200);
  return { viewer, author, third };
}

async function notificationsOf(who: TestMember): Promise<NotificationItem[]> {
  return (await who.browser.get<NotificationsPage>('/data/notifications')).body.data!.items;
}

const commentTexts = async (browser: TestBrowser, pid: number, query = '') =>
  (await browser.get<CommentsPage>(`${SOCIAL_PATHS.comments(pid)}${query}`)).body.data!.items.map((item) => item.text);

describe.each(DIRECTIONS)('when %s', (direction) => {
  it('no feed, post read, bookmark or feel list shows the viewer the author’s posts; the third member sees them all', async () => {
    const { viewer, author, third } = await blockedPair(direction);
    const group = await makeGroup(db, third.id, 'public');
    for (const who of [viewer, author]) await setMembership(db, group.id, who.id, 'active');
    const tag = `blocks-${viewer.id}`;
    await follow(db, viewer.id, author.id);
    await followTag(db, viewer.id, tag);
    await follow(db, third.id, author.id);
    const pid = await postBy(author.browser, { tags: [tag] });
    const inGroup = await postBy(author.browser, { groupId: group.id, db });
    await db.query(`INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)`, [viewer.id, pid]);
    const thirdsPost = await postBy(third.browser);
    await author.browser.put(SOCIAL_PATHS.postFeel(thirdsPost), { kind: 'love' });
    await viewer.browser.put(SOCIAL_PATHS.postFeel(thirdsPost), { kind: 'like' });

    expect(await feedPids(viewer.browser, { kind: 'home' })).toEqual([]);
    expect(await feedPids(viewer.browser, { kind: 'tag', tag })).toEqual([]);
    expect(await feedPids(viewer.browser, { kind: 'group', slug: group.slug })).toEqual([]);
    const byAuthor = await viewer.browser.get(`/data/feed?source=user&key=${author.username}`);
    const profile = await viewer.browser.get<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/${author.username}`);
    // The blocker's own profile does not exist for the member they blocked; the blocked one's
    // says so to the blocker (who may unblock from it) and lists no posts.
    if (direction === 'the viewer blocked the author') {
      expect(byAuthor.body.data).toMatchObject({ entries: [] });
      expect(profile.body.data).toMatchObject({ id: author.id, viewerBlocked: true });
    } else {
      expect([byAuthor.status, byAuthor.body.errors[0]?.code]).toEqual([404, 'not_found']);
      expect([profile.status, profile.body.errors[0]?.code]).toEqual([404, 'not_found']);
    }
    const seenByThird = await third.browser.get<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/${author.username}`);
    expect(seenByThird.body.data).toMatchObject({ viewerBlocked: false });
    expect((await viewer.browser.get<ListPage<unknown>>(BOOKMARK_ENDPOINTS.list)).body.data!.items).toEqual([]);
    for (const path of [
      `/data/posts/${pid}`,
      SOCIAL_PATHS.entry(pid),
      SOCIAL_PATHS.comments(pid),
      SOCIAL_PATHS.postFeelers(pid),
    ]) {
      const { status, body } = await viewer.browser.get(path);
      expect([path, status, body.errors[0]?.code]).toEqual([path, 404, 'not_found']);
    }
    const feelers = await viewer.browser.get<FeelersPage>(SOCIAL_PATHS.postFeelers(thirdsPost));
    expect(feelers.body.data!.items.map((feeler) => feeler.id)).toEqual([viewer.id]);
    // Counts may still include the author's feel: they say how many, not who.
    const entry = await viewer.browser.get<FeedEntry>(SOCIAL_PATHS.entry(thirdsPost));
    expect(entry.body.data!.feels.counts).toEqual({ love: 1, like: 1 });

    expect(await feedPids(third.browser, { kind: 'home' })).toEqual([thirdsPost, inGroup, pid]);
    expect((await third.browser.get(`/data/posts/${pid}`)).status).toBe(200);
    const thirdsFeelers = await third.browser.get<FeelersPage>(SOCIAL_PATHS.postFeelers(thirdsPost));
    expect(thirdsFeelers.body.data!.items.map((feeler) => feeler.id).sort()).toEqual([viewer.id, author.id].sort());

    // Unblocked, everything comes back.
    await db.query('DELETE FROM blocks WHERE $1 IN (blocker_id, blocked_id)', [viewer.id]);
    expect(await feedPids(viewer.browser, { kind: 'home' })).toEqual([inGroup, pid]);
    expect((await viewer.browser.get(`/data/posts/${pid}`)).status).toBe(200);
  });

  it('the viewer neither reads nor answers the author’s comments, nor comments on or feels the author’s posts', async () => {
    const { viewer, author, third } = await blockedPair(direction);
    const authorsPost = await postBy(author.browser);
    const thirdsPost = await postBy(third.browser);
    const authorsComment = await comment(author.browser, thirdsPost, 'by the author');
    await comment(third.browser, thirdsPost, 'a reply to the author', authorsComment.id);
    const viewersComment = await comment(viewer.browser, thirdsPost, 'by the viewer');

    expect(await commentTexts(viewer.browser, thirdsPost)).toEqual(['by the viewer']);
    expect(await commentTexts(author.browser, thirdsPost)).toEqual(['by the author']);
    expect(await commentTexts(third.browser, thirdsPost)).toEqual(['by the author', 'by the viewer']);
    const [entry] = [(await viewer.browser.get<FeedEntry>(SOCIAL_PATHS.entry(thirdsPost))).body.data!];
    expect(entry.comments.map((item) => item.text)).toEqual(['by the viewer']);

    const refusals = [
      [
        'GET',
        `${SOCIAL_PATHS.comments(thirdsPost)}?parent=${authorsComment.id}`,
        () => viewer.browser.get(`${SOCIAL_PATHS.comments(thirdsPost)}?parent=${authorsComment.id}`),
      ],
      [
        'reply',
        SOCIAL_PATHS.comments(thirdsPost),
        () => viewer.browser.post(SOCIAL_PATHS.comments(thirdsPost), { text: 'hey', parentId: authorsComment.id }),
      ],
      [
        'author replies',
        SOCIAL_PATHS.comments(thirdsPost),
        () => author.browser.post(SOCIAL_PATHS.comments(thirdsPost), { text: 'hey', parentId: viewersComment.id }),
      ],
      [
        'comment',
        SOCIAL_PATHS.comments(authorsPost),
        () => viewer.browser.post(SOCIAL_PATHS.comments(authorsPost), { text: 'hey' }),
      ],
      [
        'feel post',
        SOCIAL_PATHS.postFeel(authorsPost),
        () => viewer.browser.put(SOCIAL_PATHS.postFeel(authorsPost), { kind: 'angry' }),
      ],
      [
        'feel comment',
        SOCIAL_PATHS.commentFeel(authorsComment.id),
        () => viewer.browser.put(SOCIAL_PATHS.commentFeel(authorsComment.id), { kind: 'angry' }),
      ],
      [
        'author feels',
        SOCIAL_PATHS.commentFeel(viewersComment.id),
        () => author.browser.put(SOCIAL_PATHS.commentFeel(viewersComment.id), { kind: 'angry' }),
      ],
    ] as const;
    for (const [what, path, call] of refusals) {
      const { status, body } = await call();
      expect([what, path, status, body.errors[0]?.code]).toEqual([what, path, 404, 'not_found']);
    }
    const stored = await db.query(
      `SELECT (SELECT count(*)::int FROM comments WHERE text = 'hey') AS comments,
              (SELECT count(*)::int FROM post_feels WHERE kind = 'angry') + (SELECT count(*)::int FROM comment_feels WHERE kind = 'angry') AS feels`,
    );
    expect(stored.rows[0]).toEqual({ comments: 0, feels: 0 });
  });

  it('neither finds the other in search or follower lists, follows the other, or hears of the other’s comments, mentions, follows and requests', async () => {
    const { viewer, author, third } = await blockedPair(direction);
    await follow(db, viewer.id, third.id);
    await follow(db, author.id, third.id);
    await follow(db, third.id, viewer.id);
    await follow(db, third.id, author.id);
    const names = async (who: TestMember, list: string) =>
      (await who.browser.get<ListPage<MemberCard>>(list)).body.data!.items.map((card) => card.username);
    for (const [who, other] of [
      [viewer, author],
      [author, viewer],
    ]) {
      expect(await names(who, `${PEOPLE_ENDPOINTS.search}?q=${other.username}`)).not.toContain(other.username);
      expect(await names(who, `${PEOPLE_ENDPOINTS.profile}/${third.username}/followers`)).toEqual([who.username]);
      expect(await names(who, `${PEOPLE_ENDPOINTS.profile}/${third.username}/following`)).toEqual([who.username]);
      const followed = await followBy(who.browser, other.id);
      expect([followed.status, followed.body.errors[0]?.code]).toEqual([403, 'forbidden']);
    }
    expect((await names(third, `${PEOPLE_ENDPOINTS.profile}/${third.username}/followers`)).sort()).toEqual(
      [viewer.username, author.username].sort(),
    );

    // The author mentions the viewer on a post both may see (its owner hears of the comment once),
    // and asks to join the viewer's private group.
    const thirdsPost = await postBy(third.browser);
    await comment(author.browser, thirdsPost, `hello @${viewer.username} and @${third.username}`);
    const group = await makeGroup(db, viewer.id, 'private');
    const joined = await author.browser.post(groupApiPath(group.slug, '/join'));
    expect(joined.body.data).toMatchObject({ status: 'requested' });
    expect(await notificationsOf(viewer)).toEqual([]);
    expect((await notificationsOf(third)).map((item) => item.type).sort()).toEqual(['post_comment']);
  });

  it('a group’s member list leaves the author out for the viewer and the viewer out for the author; its owner lists both', async () => {
    const { viewer, author, third } = await blockedPair(direction);
    const group = await makeGroup(db, third.id, 'public');
    for (const who of [viewer, author]) await setMembership(db, group.id, who.id, 'active');
    const membersSeenBy = async (who: TestMember) => {
      const answer = (await who.browser.get<GroupMembersAnswer>(groupApiPath(group.slug, '/members'))).body.data!;
      return { names: answer.members.map((item) => item.user.username).sort(), total: answer.total };
    };

    expect(await membersSeenBy(viewer)).toEqual({ names: [third.username, viewer.username].sort(), total: 2 });
    expect(await membersSeenBy(author)).toEqual({ names: [author.username, third.username].sort(), total: 2 });
    expect(await membersSeenBy(third)).toEqual({
      names: [author.username, third.username, viewer.username].sort(),
      total: 3,
    });
  });
});
