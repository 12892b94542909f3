import { CAMPAIGN_ENDPOINTS, type PostItem } from '../../shared/campaigns/campaigns.js';
import { COMMENT_LIMITS, type CommentsPage, type FeedComment } from '../../shared/feed/comments.js';
import { SOCIAL_PATHS, type FeedEntry } from '../../shared/feed/feed.js';
import { FEED_ENDPOINT } from '../../shared/feed/feed-source.js';
import type { FeelersPage, FeelSummary } from '../../shared/feed/feels.js';
import { SAFETY_ENDPOINTS } from '../../shared/feed/safety.js';
import type { NotificationsPage } from '../../shared/notifications/notifications.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { comment, feedOf, feedPids, follow, followTag, makeGroup, postBy, setMembership } from '../support/social-fixtures.js';
import { postPayload } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const member = (first_name = 'Test') => signUp(testApp.baseUrl, { first_name });
const visitor = () => new TestBrowser(testApp.baseUrl);
const notificationsOf = async (who: TestMember) =>
  (await who.browser.get<NotificationsPage>('/data/notifications')).body.data!.items;

describe('the home feed', () => {
  it('shows the member’s own posts and those of followed members, followed tags and joined groups, newest first, paged', async () => {
    const [bob, alice, carol, dave, erin] = await Promise.all([member(), member(), member(), member(), member()]);
    const group = await makeGroup(db, dave.id, 'public');
    await setMembership(db, group.id, bob.id, 'active');
    await follow(db, bob.id, alice.id);
    await followTag(db, bob.id, 'cats');

    const own = await postBy(bob.browser);
    const byFollowed = await postBy(alice.browser);
    const byTag = await postBy(carol.browser, { tags: ['cats', 'pets'] });
    const inGroup = await postBy(dave.browser, { groupId: group.id, db });
    const unrelated = await postBy(erin.browser, { tags: ['dogs'] });
    const daveOutsideGroup = await postBy(dave.browser);

    const pids = await feedPids(bob.browser, { kind: 'home' });
    expect(pids).toEqual([inGroup, byTag, byFollowed, own]);
    expect(pids).not.toContain(unrelated);
    expect(pids).not.toContain(daveOutsideGroup);

    // 25 more by alice: a page holds 20, "show more posts" reads on from `before`, nothing repeats or goes missing.
    const more: number[] = [];
    for (let i = 0; i < 25; i++) more.push(await postBy(alice.browser));
    const first = await feedOf(bob.browser, { kind: 'home' });
    expect(first.body.data!.entries).toHaveLength(20);
    expect(first.body.data!.before).toBe(first.body.data!.entries[19].post.pid);
    const second = await feedOf(bob.browser, { kind: 'home' }, first.body.data!.before);
    const all = [...first.body.data!.entries, ...second.body.data!.entries].map((entry) => entry.post.pid);
    expect(all).toEqual([...more.reverse(), inGroup, byTag, byFollowed, own]);
    expect(second.body.data!.before).toBeNull();
  });

  it('follows a post’s tags as its writer edits them, and pages through a followed tag’s posts', async () => {
    const [reader, writer] = await Promise.all([member(), member()]);
    await followTag(db, reader.id, 'knitting');
    const pid = await postBy(writer.browser, { tags: ['sewing'] });
    expect(await feedPids(reader.browser, { kind: 'home' })).toEqual([]);

    const edit = (tags: string[]) => writer.browser.put(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`, postPayload({ tags }));
    expect((await edit(['sewing', 'knitting'])).status).toBe(200);
    expect(await feedPids(reader.browser, { kind: 'home' })).toEqual([pid]);
    expect((await edit(['sewing'])).status).toBe(200);
    expect(await feedPids(reader.browser, { kind: 'home' })).toEqual([]);

    const tagged: number[] = [];
    for (let i = 0; i < 23; i++) tagged.push(await postBy(writer.browser, { tags: ['knitting'] }));
    const first = (await feedOf(reader.browser, { kind: 'home' })).body.data!;
    const second = (await feedOf(reader.browser, { kind: 'home' }, first.before)).body.data!;
    expect([...first.entries, ...second.entries].map((entry) => entry.post.pid)).toEqual(tagged.reverse());
    expect(second.before).toBeNull();
  });

  it('needs a signed-in member; tag, group and member feeds are open to visitors', async () => {
    const alice = await member();
    const pid = await postBy(alice.browser, { tags: ['open-tag'] });
    expect((await feedOf(visitor(), { kind: 'home' })).status).toBe(401);
    expect(await feedPids(visitor(), { kind: 'tag', tag: 'open-tag' })).toEqual([pid]);
    expect(await feedPids(visitor(), { kind: 'user', username: alice.username })).toEqual([pid]);
    expect((await feedOf(visitor(), { kind: 'user', username: 'nobody_here' })).status).toBe(404);
    expect((await feedOf(visitor(), { kind: 'group', slug: 'no-such-group' })).status).toBe(404);
    expect((await visitor().get(`${FEED_ENDPOINT}?source=everything`)).status).toBe(400);
    expect((await visitor().get(`${FEED_ENDPOINT}?source=tag&key=x&before=-3`)).status).toBe(400);
  });

  it('carries each post’s first comments with their replies, feel counts, the viewer’s feel and bookmark', async () => {
    const [alice, bob] = await Promise.all([member('Alice'), member('Bob')]);
    await follow(db, bob.id, alice.id);
    const pid = await postBy(alice.browser);
    const written: FeedComment[] = [];
    for (let i = 1; i <= 5; i++) written.push(await comment(bob.browser, pid, `comment ${i}`));
    const replies = [];
    for (let i = 1; i <= 3; i++) replies.push(await comment(alice.browser, pid, `reply ${i}`, written[4].id));
    await bob.browser.put(SOCIAL_PATHS.postFeel(pid), { kind: 'love' });
    await alice.browser.put(SOCIAL_PATHS.postFeel(pid), { kind: 'haha' });
    await db.query(`INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)`, [bob.id, pid]);

    const [entry] = (await feedOf(bob.browser, { kind: 'home' })).body.data!.entries;
    expect(entry).toMatchObject({
      post: { pid, author: { id: alice.id } },
      group: null,
      feels: { counts: { love: 1, haha: 1 }, mine: 'love' },
      commentCount: 8,
      moreComments: true,
      bookmarked: true,
    });
    expect(entry.comments.map((c) => c.text)).toEqual(['comment 3', 'comment 4', 'comment 5']);
    expect(entry.comments[2]).toMatchObject({ replyCount: 3, author: { id: bob.id, first_name: 'Bob' } });
    expect(entry.comments[2].replies.map((r) => r.text)).toEqual(['reply 2', 'reply 3']);

    // "Show more comments": the older ones; the replies of one comment, paged.
    const older = await bob.browser.get<CommentsPage>(`${SOCIAL_PATHS.comments(pid)}?before=${entry.comments[0].id}`);
    expect(older.body.data).toMatchObject({ more: false });
    expect(older.body.data!.items.map((c) => c.text)).toEqual(['comment 1', 'comment 2']);
    const repliesPage = await bob.browser.get<CommentsPage>(`${SOCIAL_PATHS.comments(pid)}?parent=${written[4].id}`);
    expect(repliesPage.body.data!.items.map((c) => c.text)).toEqual(['reply 1', 'reply 2', 'reply 3']);

    // The post page's entry: the same post, for a visitor without their own feel or bookmark.
    const forVisitor = await visitor().get<FeedEntry>(SOCIAL_PATHS.entry(pid));
    expect(forVisitor.body.data).toMatchObject({ feels: { mine: null }, bookmarked: false, commentCount: 8 });
  });
});

describe('a private group’s posts', () => {
  it('reach its active members only: not outsiders, requesters, banned members or visitors, through any call', async () => {
    const [owner, insider, outsider, requester, banned] = await Promise.all([member(), member(), member(), member(), member()]);
    const group = await makeGroup(db, owner.id, 'private');
    await setMembership(db, group.id, insider.id, 'active');
    await setMembership(db, group.id, requester.id, 'requested');
    await setMembership(db, group.id, banned.id, 'banned');
    const pid = await postBy(owner.browser, { groupId: group.id, db, tags: ['secret-tag'] });
    const inside = await comment(insider.browser, pid, 'members only');
    for (const who of [outsider, requester, banned]) {
      await follow(db, who.id, owner.id);
      await followTag(db, who.id, 'secret-tag');
    }

    // Members see it everywhere.
    expect(await feedPids(insider.browser, { kind: 'group', slug: group.slug })).toEqual([pid]);
    expect((await insider.browser.get<PostItem>(`/data/posts/${pid}`)).status).toBe(200);

    for (const who of [outsider.browser, requester.browser, banned.browser, visitor()]) {
      if (who.sid) expect(await feedPids(who, { kind: 'home' })).not.toContain(pid);
      expect(await feedPids(who, { kind: 'tag', tag: 'secret-tag' })).toEqual([]);
      expect(await feedPids(who, { kind: 'group', slug: group.slug })).toEqual([]);
      expect(await feedPids(who, { kind: 'user', username: owner.username })).toEqual([]);
      for (const path of [
        `/data/posts/${pid}`,
        SOCIAL_PATHS.entry(pid),
        SOCIAL_PATHS.comments(pid),
        SOCIAL_PATHS.postFeelers(pid),
        SOCIAL_PATHS.commentFeelers(inside.id),
      ]) {
        expect([path, (await who.get(path)).status]).toEqual([path, 404]);
      }
    }
    // Nor may they write to it: comments, replies, feels, reports.
    for (const who of [outsider.browser, requester.browser, banned.browser]) {
      expect((await who.post(SOCIAL_PATHS.comments(pid), { text: 'let me in' })).status).toBe(404);
      expect((await who.post(SOCIAL_PATHS.comments(pid), { text: 'reply', parentId: inside.id })).status).toBe(404);
      expect((await who.put(SOCIAL_PATHS.postFeel(pid), { kind: 'like' })).status).toBe(404);
      expect((await who.put(SOCIAL_PATHS.commentFeel(inside.id), { kind: 'like' })).status).toBe(404);
      expect((await who.post(SAFETY_ENDPOINTS.reports, { pid })).status).toBe(404);
    }
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM comments WHERE post_id = $1`, [pid]);
    expect(rows[0].n).toBe(1);
  });

  it('a public group hides its posts from the members it banned only', async () => {
    const [owner, banned, anyone] = await Promise.all([member(), member(), member()]);
    const group = await makeGroup(db, owner.id, 'public');
    await setMembership(db, group.id, banned.id, 'banned');
    const pid = await postBy(owner.browser, { groupId: group.id, db });
    expect(await feedPids(anyone.browser, { kind: 'group', slug: group.slug })).toEqual([pid]);
    expect(await feedPids(visitor(), { kind: 'group', slug: group.slug })).toEqual([pid]);
    expect(await feedPids(banned.browser, { kind: 'group', slug: group.slug })).toEqual([]);
    expect((await banned.browser.get(SOCIAL_PATHS.entry(pid))).status).toBe(404);
  });
});

describe('comments', () => {
  it('the author edits within the window only; the author or the post’s owner deletes, with its replies; others may not', async () => {
    const [owner, writer, stranger] = await Promise.all([member(), member(), member()]);
    const pid = await postBy(owner.browser);
    const written = await comment(writer.browser, pid, 'first words');
    const reply = await comment(stranger.browser, pid, 'a reply', written.id);

    const edited = await writer.browser.put<FeedComment>(SOCIAL_PATHS.comment(written.id), { text: 'better words' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ text: 'better words' });
    expect(edited.body.data!.editedAt).not.toBeNull();
    expect((await owner.browser.put(SOCIAL_PATHS.comment(written.id), { text: 'owner rewrites' })).status).toBe(403);
    expect((await stranger.browser.put(SOCIAL_PATHS.comment(written.id), { text: 'hijack' })).status).toBe(403);
    await db.query(`UPDATE comments SET created_at = now() - interval '16 minutes' WHERE id = $1`, [written.id]);
    expect((await writer.browser.put(SOCIAL_PATHS.comment(written.id), { text: 'too late' })).status).toBe(403);

    // A reply to a reply is refused: one level only.
    expect((await writer.browser.post(SOCIAL_PATHS.comments(pid), { text: 'deeper', parentId: reply.id })).status).toBe(404);

    expect((await stranger.browser.delete(SOCIAL_PATHS.comment(written.id))).status).toBe(403);
    expect((await owner.browser.delete(SOCIAL_PATHS.comment(written.id))).status).toBe(200);
    const { rows } = await db.query(`SELECT id, deleted_at FROM comments WHERE post_id = $1 ORDER BY id`, [pid]);
    expect(rows.map((row) => row.deleted_at !== null)).toEqual([true, true]);
    const entry = await owner.browser.get<FeedEntry>(SOCIAL_PATHS.entry(pid));
    expect(entry.body.data).toMatchObject({ commentCount: 0, comments: [] });
    expect((await writer.browser.delete(SOCIAL_PATHS.comment(written.id))).status).toBe(404);

    const own = await comment(writer.browser, pid, 'mine to delete');
    expect((await writer.browser.delete(SOCIAL_PATHS.comment(own.id))).status).toBe(200);
  });

  it('in a group, its owners and moderators delete any comment on its posts; a plain member or another group’s moderator may not', async () => {
    const [owner, moderator, author, writer, plain, otherModerator] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
      member(),
    ]);
    const group = await makeGroup(db, owner.id, 'public');
    const other = await makeGroup(db, otherModerator.id, 'public');
    await setMembership(db, group.id, moderator.id, 'active', 'moderator');
    await setMembership(db, group.id, author.id, 'active');
    await setMembership(db, group.id, plain.id, 'active');
    await setMembership(db, other.id, otherModerator.id, 'active', 'moderator');
    const pid = await postBy(author.browser, { groupId: group.id, db });
    const outsidePid = await postBy(author.browser);
    const [first, second, third, outside] = [
      await comment(writer.browser, pid, 'first'),
      await comment(writer.browser, pid, 'second'),
      await comment(writer.browser, pid, 'third'),
      await comment(writer.browser, outsidePid, 'not in a group'),
    ];

    // The entry tells each viewer whether they moderate the post's group (the page shows Delete by it).
    const entryFor = async (who: TestMember) => (await who.browser.get<FeedEntry>(SOCIAL_PATHS.entry(pid))).body.data!;
    expect((await entryFor(moderator)).group).toMatchObject({ slug: group.slug, viewerModerates: true });
    expect((await entryFor(owner)).group).toMatchObject({ viewerModerates: true });
    expect((await entryFor(plain)).group).toMatchObject({ viewerModerates: false });
    expect((await visitor().get<FeedEntry>(SOCIAL_PATHS.entry(pid))).body.data!.group).toMatchObject({
      viewerModerates: false,
    });

    const refused = await plain.browser.delete(SOCIAL_PATHS.comment(first.id));
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('forbidden');
    expect((await otherModerator.browser.delete(SOCIAL_PATHS.comment(first.id))).status).toBe(403);
    expect((await moderator.browser.delete(SOCIAL_PATHS.comment(outside.id))).status).toBe(403);

    expect((await moderator.browser.delete(SOCIAL_PATHS.comment(first.id))).status).toBe(200);
    expect((await owner.browser.delete(SOCIAL_PATHS.comment(second.id))).status).toBe(200);
    // A moderator who stepped down, or was banned, no longer may.
    await setMembership(db, group.id, moderator.id, 'active', 'member');
    expect((await moderator.browser.delete(SOCIAL_PATHS.comment(third.id))).status).toBe(403);
    await setMembership(db, group.id, moderator.id, 'banned', 'moderator');
    expect((await moderator.browser.delete(SOCIAL_PATHS.comment(third.id))).status).toBe(404);

    const { rows } = await db.query(`SELECT text FROM comments WHERE post_id = ANY($1) AND deleted_at IS NULL ORDER BY id`, [
      [pid, outsidePid],
    ]);
    expect(rows.map((row) => row.text)).toEqual(['third', 'not in a group']);
  });

  it('refuses forged ids, a reply to another post’s comment, empty or oversized text, and visitors', async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const pid = await postBy(alice.browser);
    const otherPid = await postBy(alice.browser);
    const elsewhere = await comment(bob.browser, otherPid, 'elsewhere');
    expect((await bob.browser.post(SOCIAL_PATHS.comments(pid), { text: 'x', parentId: elsewhere.id })).status).toBe(404);
    expect((await bob.browser.post(SOCIAL_PATHS.comments(2_000_000_000), { text: 'x' })).status).toBe(404);
    expect((await bob.browser.post('/data/posts/abc/comments', { text: 'x' })).status).toBe(404);
    expect((await bob.browser.post('/data/posts/99999999999999/comments', { text: 'x' })).status).toBe(404);
    expect((await bob.browser.put(SOCIAL_PATHS.comment(2_000_000_000), { text: 'x' })).status).toBe(404);
    expect((await bob.browser.delete(SOCIAL_PATHS.comment(2_000_000_000))).status).toBe(404);
    expect((await bob.browser.post(SOCIAL_PATHS.comments(pid), { text: '   ' })).status).toBe(400);
    expect((await bob.browser.post(SOCIAL_PATHS.comments(pid), { text: 'x'.repeat(COMMENT_LIMITS.text + 1) })).status).toBe(400);
    expect((await bob.browser.post(SOCIAL_PATHS.comments(pid), { text: 'x', parentId: 'one' })).status).toBe(400);
    expect((await visitor().post(SOCIAL_PATHS.comments(pid), { text: 'x' })).status).toBe(401);
    expect((await db.query(`SELECT count(*)::int AS n FROM comments WHERE post_id = $1`, [pid])).rows[0].n).toBe(0);
  });

  it('stores markup as plain text and answers it unchanged (the page renders it as text)', async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const pid = await postBy(alice.browser);
    const xss = `<img src=x onerror="alert(1)"><script>alert('x')</script> & "quotes"`;
    const written = await comment(bob.browser, pid, xss);
    expect(written.text).toBe(xss);
    const { rows } = await db.query(`SELECT text FROM comments WHERE id = $1`, [written.id]);
    expect(rows[0].text).toBe(xss);
    const entry = await alice.browser.get<FeedEntry>(SOCIAL_PATHS.entry(pid));
    expect(entry.body.data!.comments[0].text).toBe(xss);
  });

  it('notify the post’s owner and the mentioned members who may see the post, not those who blocked the writer', async () => {
    const [owner, writer, friend, blocker] = await Promise.all([member('Owner'), member('Writer'), member('Friend'), member()]);
    const group = await makeGroup(db, owner.id, 'private');
    await setMembership(db, group.id, writer.id, 'active');
    await setMembership(db, group.id, blocker.id, 'active');
    const outsider = await member();
    await db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [blocker.id, writer.id]);
    const pid = await postBy(owner.browser, { groupId: group.id, db });
    await setMembership(db, group.id, friend.id, 'active');

    await comment(
      writer.browser,
      pid,
      `Hi @${friend.username.toUpperCase()} and @${blocker.username}, @${outsider.username}, @${owner.username} and @${writer.username}`,
    );

    expect((await notificationsOf(owner)).map((n) => [n.type, n.heading, n.link])).toEqual([
      ['post_comment', 'Writer commented on your post', `/post/${pid}`],
    ]);
    expect((await notificationsOf(friend)).map((n) => [n.type, n.heading])).toEqual([
      ['comment_mention', 'Writer mentioned you in a comment'],
    ]);
    expect(await notificationsOf(blocker)).toEqual([]);
    expect(await notificationsOf(outsider)).toEqual([]);
    expect(await notificationsOf(writer)).toEqual([]);
  });

  it('an edit notifies the members it newly mentions only: not those mentioned before, nor members who blocked the writer or cannot see the post', async () => {
    const [owner, writer, before, added, blocker, outsider] = await Promise.all([
      member('Owner'),
      member('Writer'),
      member(),
      member(),
      member(),
      member(),
    ]);
    const group = await makeGroup(db, owner.id, 'private');
    for (const who of [writer, before, added, blocker]) await setMembership(db, group.id, who.id, 'active');
    await db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [blocker.id, writer.id]);
    const pid = await postBy(owner.browser, { groupId: group.id, db });
    const written = await comment(writer.browser, pid, `Hello @${before.username}`);
    expect(await notificationsOf(before)).toHaveLength(1);

    const edited = await writer.browser.put<FeedComment>(SOCIAL_PATHS.comment(written.id), {
      text: `Hello @${before.username}, @${added.username.toUpperCase()}, @${blocker.username}, @${outsider.username} and @${writer.username}`,
    });
    expect(edited.status).toBe(200);

    expect((await notificationsOf(added)).map((n) => [n.type, n.heading, n.link])).toEqual([
      ['comment_mention', 'Writer mentioned you in a comment', `/post/${pid}`],
    ]);
    expect(await notificationsOf(before)).toHaveLength(1);
    expect(await notificationsOf(blocker)).toEqual([]);
    expect(await notificationsOf(outsider)).toEqual([]);
    expect(await notificationsOf(writer)).toEqual([]);
    // The owner heard of the comment once, when it was written.
    expect((await notificationsOf(owner)).map((n) => n.type)).toEqual(['post_comment']);

    // Saving the same mentions again tells nobody twice.
    await writer.browser.put(SOCIAL_PATHS.comment(written.id), { text: edited.body.data!.text });
    expect(await notificationsOf(added)).toHaveLength(1);
  });
});

describe('blocks', () => {
  it('a blocked member cannot comment on the blocker’s posts or reply to their comments (they do not exist for them); the blocker no longer sees their content', async () => {
    const [blocker, blocked, third] = await Promise.all([member(), member(), member()]);
    const blockersPost = await postBy(blocker.browser);
    const thirdsPost = await postBy(third.browser);
    const blockersComment = await comment(blocker.browser, thirdsPost, 'by the blocker');
    const blockedPost = await postBy(blocked.browser);
    await comment(blocked.browser, thirdsPost, 'by the blocked one');
    await follow(db, blocker.id, blocked.id);
    await follow(db, blocker.id, third.id);

    expect((await blocker.browser.post(SAFETY_ENDPOINTS.blocks, { userId: blocked.id })).status).toBe(200);
    expect((await blocker.browser.post(SAFETY_ENDPOINTS.blocks, { userId: blocked.id })).status).toBe(200);
    expect((await blocker.browser.post(SAFETY_ENDPOINTS.blocks, { userId: blocker.id })).status).toBe(400);
    expect((await blocker.browser.post(SAFETY_ENDPOINTS.blocks, { userId: 2_000_000_000 })).status).toBe(404);
    expect((await blocker.browser.get(SAFETY_ENDPOINTS.blocks)).body.data).toEqual([
      { id: blocked.id, username: blocked.username, first_name: 'Test' },
    ]);

    expect((await blocked.browser.post(SOCIAL_PATHS.comments(blockersPost), { text: 'hey' })).status).toBe(404);
    expect(
      (await blocked.browser.post(SOCIAL_PATHS.comments(thirdsPost), { text: 'hey', parentId: blockersComment.id })).status,
    ).toBe(404);
    // Elsewhere they still comment.
    await comment(blocked.browser, thirdsPost, 'still here');

    const pids = await feedPids(blocker.browser, { kind: 'home' });
    expect(pids).toContain(thirdsPost);
    expect(pids).not.toContain(blockedPost);
    expect((await blocker.browser.get(SOCIAL_PATHS.entry(blockedPost))).status).toBe(404);
    const texts = (await blocker.browser.get<CommentsPage>(SOCIAL_PATHS.comments(thirdsPost))).body.data!.items.map(
      (c) => c.text,
    );
    expect(texts).toEqual(['by the blocker']);
    expect((await third.browser.get<CommentsPage>(SOCIAL_PATHS.comments(thirdsPost))).body.data!.items).toHaveLength(3);

    expect((await blocker.browser.delete(`${SAFETY_ENDPOINTS.blocks}/${blocked.id}`)).status).toBe(200);
    expect(await feedPids(blocker.browser, { kind: 'home' })).toContain(blockedPost);
    await comment(blocked.browser, blockersPost, 'hello again');
  });
});

describe('feels', () => {
  it('one per member, changeable and removable, with counts, who gave them, and no credits moved', async () => {
    const [alice, bob, carol] = await Promise.all([member(), member(), member()]);
    const pid = await postBy(alice.browser);
    const credits = async () =>
      (await db.query(`SELECT id, credits FROM users WHERE id = ANY($1) ORDER BY id`, [[alice.id, bob.id, carol.id]])).rows;
    const before = await credits();

    const given = await bob.browser.put<FeelSummary>(SOCIAL_PATHS.postFeel(pid), { kind: 'like' });
    expect(given.body.data).toEqual({ counts: { like: 1 }, mine: 'like' });
    expect((await carol.browser.put<FeelSummary>(SOCIAL_PATHS.postFeel(pid), { kind: 'like' })).body.data).toEqual({
      counts: { like: 2 },
      mine: 'like',
    });
    expect((await bob.browser.put<FeelSummary>(SOCIAL_PATHS.postFeel(pid), { kind: 'wow' })).body.data).toEqual({
      counts: { like: 1, wow: 1 },
      mine: 'wow',
    });
    const feelers = await alice.browser.get<FeelersPage>(SOCIAL_PATHS.postFeelers(pid));
    expect(feelers.body.data!.items.map((f) => [f.id, f.kind])).toEqual([
      [bob.id, 'wow'],
      [carol.id, 'like'],
    ]);
    const likes = await visitor().get<FeelersPage>(`${SOCIAL_PATHS.postFeelers(pid)}?kind=like`);
    expect(likes.body.data).toMatchObject({ page: 1, more: false });
    expect(likes.body.data!.items.map((f) => f.id)).toEqual([carol.id]);

    expect((await bob.browser.delete<FeelSummary>(SOCIAL_PATHS.postFeel(pid))).body.data).toEqual({
      counts: { like: 1 },
      mine: null,
    });
    expect((await bob.browser.put(SOCIAL_PATHS.postFeel(pid), { kind: 'meh' })).status).toBe(400);
    expect((await visitor().put(SOCIAL_PATHS.postFeel(pid), { kind: 'like' })).status).toBe(401);
    expect((await bob.browser.put(SOCIAL_PATHS.postFeel(2_000_000_000), { kind: 'like' })).status).toBe(404);

    const written = await comment(carol.browser, pid, 'feel me');
    expect((await bob.browser.put<FeelSummary>(SOCIAL_PATHS.commentFeel(written.id), { kind: 'sad' })).body.data).toEqual({
      counts: { sad: 1 },
      mine: 'sad',
    });
    const entry = await bob.browser.get<FeedEntry>(SOCIAL_PATHS.entry(pid));
    expect(entry.body.data!.comments[0].feels).toEqual({ counts: { sad: 1 }, mine: 'sad' });
    expect(await credits()).toEqual(before);
  });
});

describe('reports', () => {
  it('stores a report of a post or a comment the member can see', async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const pid = await postBy(alice.browser);
    const written = await comment(alice.browser, pid, 'report me');
    expect((await bob.browser.post(SAFETY_ENDPOINTS.reports, { pid, reason: 'spam' })).status).toBe(200);
    expect((await bob.browser.post(SAFETY_ENDPOINTS.reports, { commentId: written.id })).status).toBe(200);
    expect((await bob.browser.post(SAFETY_ENDPOINTS.reports, { pid, commentId: written.id })).status).toBe(400);
    expect((await bob.browser.post(SAFETY_ENDPOINTS.reports, {})).status).toBe(400);
    expect((await bob.browser.post(SAFETY_ENDPOINTS.reports, { commentId: 2_000_000_000 })).status).toBe(404);
    expect((await visitor().post(SAFETY_ENDPOINTS.reports, { pid })).status).toBe(401);
    const { rows } = await db.query(`SELECT post_id, comment_id, reason FROM reports WHERE reporter_id = $1 ORDER BY id`, [
      bob.id,
    ]);
    expect(rows).toEqual([
      { post_id: pid, comment_id: null, reason: 'spam' },
      { post_id: null, comment_id: String(written.id), reason: '' },
    ]);
  });
});

describe('post search', () => {
  it('finds posts by their text, newest first, case-insensitive and with % and _ taken literally', async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const word = `quokka${Date.now().toString(36)}`;
    const older = await postBy(alice.browser, { text: `A ${word} at the beach` });
    const newer = await postBy(bob.browser, { text: `Another ${word.toUpperCase()}, 100% happy` });
    await postBy(alice.browser, { text: 'Nothing to see here' });

    expect(await feedPids(bob.browser, { kind: 'search', q: word })).toEqual([newer, older]);
    expect(await feedPids(visitor(), { kind: 'search', q: `${word} at the` })).toEqual([older]);
    expect(await feedPids(bob.browser, { kind: 'search', q: `${word.toUpperCase()}, 100%` })).toEqual([newer]);
    expect(await feedPids(bob.browser, { kind: 'search', q: `${word}_` })).toEqual([]);

    const short = await feedOf(bob.browser, { kind: 'search', q: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ code: 'validation', field: 'key' });
  });

  it("never finds a private group's posts for outsiders or visitors, nor posts of a member the searcher blocked", async () => {
    const [owner, insider, outsider, blocked] = await Promise.all([member(), member(), member(), member()]);
    const word = `wombat${Date.now().toString(36)}`;
    const group = await makeGroup(db, owner.id, 'private');
    await setMembership(db, group.id, insider.id, 'active');
    const secret = await postBy(owner.browser, { text: `Secret ${word}`, groupId: group.id, db });
    const open = await postBy(owner.browser, { text: `Open ${word}` });
    const byBlocked = await postBy(blocked.browser, { text: `Blocked ${word}` });
    await db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [outsider.id, blocked.id]);

    expect(await feedPids(insider.browser, { kind: 'search', q: word })).toEqual([byBlocked, open, secret]);
    expect(await feedPids(outsider.browser, { kind: 'search', q: word })).toEqual([open]);
    expect(await feedPids(visitor(), { kind: 'search', q: word })).toEqual([byBlocked, open]);
  });
});
