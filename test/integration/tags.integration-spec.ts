import { ErrorCode } from '../../shared/api/error-codes.js';
import { CAMPAIGN_ENDPOINTS } from '../../shared/campaigns/campaigns.js';
import { TAG_ENDPOINTS, tagFollowPath, type TagAnswer, type TagsOverview } from '../../shared/tags/tags.js';
import { signUp } from '../support/accounts.js';
import { createGroup } from '../support/group-fixtures.js';
import { createPost, postPayload } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const tagPath = (tag: string) => `${TAG_ENDPOINTS.one}/${encodeURIComponent(tag)}`;

/** First in this file: trending tags are read at most once a minute per process, so nothing may read them before. */
describe('trending tags', () => {
  it("counts public posts of the last 7 days only: a private group's posts and older posts are left out", async () => {
    const alice = await member();
    const secret = await createGroup(alice, { visibility: 'private' });
    const open = await createGroup(alice);
    const tag = `trend${process.pid}`;
    await createPost(alice.browser, { tags: [tag, 'zz-shared'] });
    await createPost(alice.browser, { tags: [tag], groupId: open.id });
    const old = await createPost(alice.browser, { tags: [tag] });
    await db.query(`UPDATE posts SET created_at = now() - interval '8 days' WHERE id = $1`, [old.post.pid]);
    for (let n = 0; n < 5; n++) await createPost(alice.browser, { tags: [`secret${process.pid}`], groupId: secret.id });

    const { body } = await (await member()).browser.get<TagsOverview>(TAG_ENDPOINTS.overview);
    expect(body.data!.trending).toContainEqual({ tag, posts: 2 });
    expect(body.data!.trending.map((entry) => entry.tag)).not.toContain(`secret${process.pid}`);
    expect((await alice.browser.get<TagAnswer>(tagPath(tag))).body.data!.postsThisWeek).toBe(2);
    expect((await alice.browser.get<TagAnswer>(tagPath(`secret${process.pid}`))).body.data!.postsThisWeek).toBe(0);
  });
});

describe('following tags', () => {
  it('a member follows a tag as typed (case and # ignored), sees it on /tags and on its page, and unfollows it', async () => {
    const alice = await member();
    const followed = await alice.browser.post<TagAnswer>(tagFollowPath('#Travel'));
    expect(followed.status).toBe(200);
    expect(followed.body.data).toEqual({ tag: 'travel', following: true, followers: 1, postsThisWeek: 0 });
    await alice.browser.post(tagFollowPath('food'));
    await alice.browser.post(tagFollowPath('travel'));
    expect((await alice.browser.get<TagsOverview>(TAG_ENDPOINTS.overview)).body.data!.followed).toEqual(['food', 'travel']);
    expect((await alice.browser.get<TagAnswer>(tagPath('travel'))).body.data!.following).toBe(true);

    const unfollowed = await alice.browser.delete<TagAnswer>(tagFollowPath('travel'));
    expect(unfollowed.body.data).toMatchObject({ tag: 'travel', following: false, followers: 0 });
    expect((await alice.browser.get<TagsOverview>(TAG_ENDPOINTS.overview)).body.data!.followed).toEqual(['food']);
  });

  it("refuses the reserved tags 'u' and 'g', and malformed ones, on follows and in posts", async () => {
    const alice = await member();
    for (const tag of ['u', 'G', 'has space', '-dash', 'a'.repeat(31), '<script>']) {
      const { status, body } = await alice.browser.post(tagFollowPath(tag));
      expect([tag, status, body.errors[0]?.code]).toEqual([tag, 400, ErrorCode.Validation]);
    }
    const reserved = await alice.browser.post(CAMPAIGN_ENDPOINTS.posts, postPayload({ tags: ['fine', 'u'] }));
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors[0].message).toBe('"u" and "g" cannot be used as tags.');
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM tag_follows WHERE user_id = $1`, [alice.id]);
    expect(rows[0].n).toBe(0);
  });

  it('is for members only', async () => {
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await visitor.post(tagFollowPath('travel'))).status).toBe(401);
    expect((await visitor.get(TAG_ENDPOINTS.overview)).status).toBe(401);
  });
});
