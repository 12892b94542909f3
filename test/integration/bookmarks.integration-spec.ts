import type { ListPage } from '../../shared/api/list-page.js';
import { BOOKMARK_ENDPOINTS, type BookmarkedPost, type BookmarkState } from '../../shared/bookmarks/bookmarks.js';
import { CAMPAIGN_ENDPOINTS } from '../../shared/campaigns/campaigns.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { insertGroup, moveIntoGroup, setMembership } from '../support/people-fixtures.js';
import { createPost } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;
let author: TestMember;
let reader: TestMember;
let other: TestMember;

beforeAll(async () => {
  author = await signUp(testApp.baseUrl, { username: 'author', first_name: 'Ann' });
  reader = await signUp(testApp.baseUrl, { username: 'reader', first_name: 'Rea' });
  other = await signUp(testApp.baseUrl, { username: 'other', first_name: 'Otto' });
});

afterEach(async () => {
  await db.query('DELETE FROM bookmarks');
});

const bookmarkPath = (pid: number | string) => `${BOOKMARK_ENDPOINTS.list}/${pid}`;
const save = (browser: TestBrowser, pid: number | string) => browser.put<BookmarkState>(bookmarkPath(pid));
const unsave = (browser: TestBrowser, pid: number | string) => browser.delete<BookmarkState>(bookmarkPath(pid));
const listed = async (browser: TestBrowser, page = 1) =>
  (await browser.get<ListPage<BookmarkedPost>>(`${BOOKMARK_ENDPOINTS.list}?page=${page}`)).body.data!;
const bookmarkRows = async () =>
  (await db.query('SELECT user_id, post_id FROM bookmarks ORDER BY user_id, post_id')).rows as {
    user_id: number;
    post_id: number;
  }[];
const newPost = async (text = 'A post worth saving') => (await createPost(author.browser, { text })).post.pid;

describe('saving and unsaving posts', () => {
  it('saves a post once, lists it with the post, and unsaves it; both calls are idempotent', async () => {
    const pid = await newPost('Saved for later');
    const first = await save(reader.browser, pid);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual<BookmarkState>({ pid, bookmarked: true });
    expect((await save(reader.browser, pid)).body.data).toEqual<BookmarkState>({ pid, bookmarked: true });
    expect(await bookmarkRows()).toEqual([{ user_id: reader.id, post_id: pid }]);
    expect((await reader.browser.get<BookmarkState>(bookmarkPath(pid))).body.data).toEqual({ pid, bookmarked: true });

    const page = await listed(reader.browser);
    expect(page).toMatchObject({ page: 1, hasMore: false });
    expect(page.items).toHaveLength(1);
    expect(page.items[0].post).toMatchObject({ pid, text: 'Saved for later', author: { username: 'author', first_name: 'Ann' } });
    expect(page.items[0].bookmarkedAt).toMatch(/^\d{4}-/);

    expect((await unsave(reader.browser, pid)).body.data).toEqual<BookmarkState>({ pid, bookmarked: false });
    expect((await unsave(reader.browser, pid)).status).toBe(200);
    expect(await bookmarkRows()).toEqual([]);
    expect((await listed(reader.browser)).items).toEqual([]);
    expect((await reader.browser.get<BookmarkState>(bookmarkPath(pid))).body.data).toEqual({ pid, bookmarked: false });
  });

  it('lists the newest bookmark first, 20 to a page', async () => {
    const pids: number[] = [];
    for (let i = 0; i < 21; i++) pids.push(await newPost(`Numbered ${i}`));
    for (const [i, pid] of pids.entries()) {
      await db.query(`INSERT INTO bookmarks (user_id, post_id, created_at) VALUES ($1, $2, now() - $3 * interval '1 second')`, [
        reader.id,
        pid,
        100 - i,
      ]);
    }
    const first = await listed(reader.browser);
    expect(first.hasMore).toBe(true);
    expect(first.items.map((item) => item.post.pid)).toEqual(pids.slice(1).reverse());
    const second = await listed(reader.browser, 2);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((item) => item.post.pid)).toEqual([pids[0]]);
  });

  it('keeps each member’s bookmarks their own: nobody reads or removes another’s', async () => {
    const pid = await newPost();
    await save(reader.browser, pid);
    expect((await listed(other.browser)).items).toEqual([]);
    expect((await other.browser.get<BookmarkState>(bookmarkPath(pid))).body.data).toEqual({ pid, bookmarked: false });
    // The other member "unsaving" the same post removes nothing of the reader's.
    expect((await unsave(other.browser, pid)).status).toBe(200);
    expect(await bookmarkRows()).toEqual([{ user_id: reader.id, post_id: pid }]);
    // A user id in the body is ignored: the bookmark is always the signed-in member's.
    await other.browser.call(bookmarkPath(pid), { method: 'PUT', json: { userId: reader.id, user_id: reader.id } });
    expect(await bookmarkRows()).toEqual(
      [
        { user_id: reader.id, post_id: pid },
        { user_id: other.id, post_id: pid },
      ].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('refuses visitors with 401', async () => {
    const pid = await newPost();
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await save(visitor, pid)).status).toBe(401);
    expect((await unsave(visitor, pid)).status).toBe(401);
    expect((await visitor.get(BOOKMARK_ENDPOINTS.list)).status).toBe(401);
    expect(await bookmarkRows()).toEqual([]);
  });

  it('answers 404 for unknown, forged or deleted posts, never 500', async () => {
    const deleted = await newPost();
    expect((await author.browser.delete(`${CAMPAIGN_ENDPOINTS.post}/${deleted}`)).status).toBe(200);
    for (const pid of [deleted, 999_999, 0, -3, 'abc', '99999999999', "1' OR '1'='1"]) {
      const { status } = await save(reader.browser, encodeURIComponent(String(pid)));
      expect({ pid, status }).toEqual({ pid, status: 404 });
    }
    expect(await bookmarkRows()).toEqual([]);
  });

  it('hides a saved post once its author deletes it', async () => {
    const pid = await newPost();
    await save(reader.browser, pid);
    await author.browser.delete(`${CAMPAIGN_ENDPOINTS.post}/${pid}`);
    expect((await listed(reader.browser)).items).toEqual([]);
  });
});

describe('bookmarks and blocks', () => {
  it('a saved post leaves the list once its author blocks the reader or the reader blocks its author, and cannot be saved meanwhile', async () => {
    const kept = (await createPost(other.browser, { text: 'By someone else' })).post.pid;
    const pid = await newPost('By the author');
    expect((await save(reader.browser, pid)).status).toBe(200);
    expect((await save(reader.browser, kept)).status).toBe(200);
    const saved = async () => (await listed(reader.browser)).items.map((item) => item.post.pid);
    expect(await saved()).toEqual([kept, pid]);

    for (const [blocker, blocked] of [
      [author.id, reader.id],
      [reader.id, author.id],
    ]) {
      await db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [blocker, blocked]);
      expect(await saved()).toEqual([kept]);
      expect((await save(reader.browser, pid)).status).toBe(404);
      await db.query('DELETE FROM blocks');
    }
    expect(await saved()).toEqual([kept, pid]);
  });
});

describe('bookmarks of group posts', () => {
  it('saves a public group’s post for anyone, a private group’s only for its active members', async () => {
    const open = await insertGroup(db, author.id, 'open-bookmarks', 'public');
    const secret = await insertGroup(db, author.id, 'secret-bookmarks', 'private');
    const publicPid = await newPost('In the open');
    const privatePid = await newPost('Members only');
    await moveIntoGroup(db, publicPid, open);
    await moveIntoGroup(db, privatePid, secret);

    expect((await save(reader.browser, publicPid)).status).toBe(200);

    // A non-member, someone who asked to join and a banned member are all told the post does not exist.
    for (const status of [null, 'requested', 'banned'] as const) {
      await setMembership(db, secret, reader.id, status);
      const refused = await save(reader.browser, privatePid);
      expect({ status, answer: refused.status }).toEqual({ status, answer: 404 });
      expect(refused.body.errors[0].code).toBe('not_found');
    }
    expect(await bookmarkRows()).toEqual([{ user_id: reader.id, post_id: publicPid }]);

    await setMembership(db, secret, reader.id, 'active');
    expect((await save(reader.browser, privatePid)).status).toBe(200);
    expect((await listed(reader.browser)).items.map((item) => item.post.text).sort()).toEqual(['In the open', 'Members only']);

    // Leaving the group hides its posts from the member's bookmarks too.
    await setMembership(db, secret, reader.id, null);
    expect((await listed(reader.browser)).items.map((item) => item.post.text)).toEqual(['In the open']);
    await db.query('UPDATE posts SET group_id = NULL WHERE group_id = ANY($1)', [[open, secret]]);
    await db.query('DELETE FROM groups WHERE id = ANY($1)', [[open, secret]]);
  });
});
