import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { SURF_ENDPOINTS, type RotatorAnswer } from '../../shared/surf/surf.js';
import { tagFollowPath } from '../../shared/tags/tags.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { addMember, createGroup } from '../support/group-fixtures.js';
import { block } from '../support/people-fixtures.js';
import { creditedClaim, promotedPost, surfer, surfNext } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import type { TestSocket } from '../support/socket-client.js';

/**
 * What the surf bar leaves out of a member's offers: posts without a followed tag (surf my tags, the
 * member's choice), private groups' posts, and posts by a member blocked either way with them; and
 * the order onboarding's languages and interests give the offer.
 */
const testApp = useSurfTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);

/** Every post the surf bar offers the member, in order, each viewed and credited, until none is left. */
async function offeredUntilEmpty(viewer: TestMember & { tab: TestSocket }): Promise<number[]> {
  const offered: number[] = [];
  for (;;) {
    const { body } = await surfNext(viewer.browser, viewer.tab);
    if (!body.data!.post) return offered;
    offered.push(body.data!.post.pid);
    await creditedClaim(viewer.tab, body.data!.ticket!.id);
    if (offered.length > 10) throw new Error(`offered again and again: ${offered.join(', ')}`);
  }
}

const setMyTags = (viewer: TestMember, myTags: boolean) =>
  viewer.browser.put<RotatorAnswer>(SURF_ENDPOINTS.rotator, { languages: [], myTags });

describe('surf my tags', () => {
  it('with the choice on, only posts carrying a followed tag are offered; off, every post again', async () => {
    const alice = await member();
    const cats = await promotedPost(alice, 3, { tags: ['cats', 'pets'] });
    const dogs = await promotedPost(alice, 3, { tags: ['dogs'] });
    const untagged = await promotedPost(alice, 3, { tags: [] });
    const bob = await surfer(testApp.baseUrl);
    await bob.browser.post(tagFollowPath('cats'));

    const saved = await setMyTags(bob, true);
    expect(saved.body.data).toMatchObject({ selected: [], myTags: true, followedTags: ['cats'] });
    expect((await bob.browser.get<RotatorAnswer>(SURF_ENDPOINTS.rotator)).body.data!.myTags).toBe(true);
    // Saving languages alone leaves the choice as it is.
    await bob.browser.put(SURF_ENDPOINTS.rotator, { languages: ['en'] });
    expect((await bob.browser.get<RotatorAnswer>(SURF_ENDPOINTS.rotator)).body.data).toMatchObject({
      selected: ['en'],
      myTags: true,
    });

    expect(await offeredUntilEmpty(bob)).toEqual([cats]);
    await setMyTags(bob, false);
    expect((await offeredUntilEmpty(bob)).sort()).toEqual([dogs, untagged].sort());
  });

  it('with the choice on and no tag followed, nothing is offered', async () => {
    const alice = await member();
    await promotedPost(alice, 3, { tags: ['cats'] });
    const bob = await surfer(testApp.baseUrl);
    await setMyTags(bob, true);
    const { body } = await surfNext(bob.browser, bob.tab);
    expect(body.data).toMatchObject({ post: null, ticket: null, emptyReason: 'no_posts' });
  });

  it("another member's choice changes nothing for the viewer", async () => {
    const alice = await member();
    const cats = await promotedPost(alice, 3, { tags: ['cats'] });
    const dogs = await promotedPost(alice, 3, { tags: ['dogs'] });
    const carol = await member();
    await carol.browser.post(tagFollowPath('cats'));
    await setMyTags(carol, true);
    const bob = await surfer(testApp.baseUrl);
    expect((await offeredUntilEmpty(bob)).sort()).toEqual([cats, dogs].sort());
  });
});

describe("a private group's posts in the surf bar", () => {
  it("are never offered, even to the group's own members; a public group's posts are", async () => {
    const alice = await member();
    const secret = await createGroup(alice, { visibility: 'private' });
    const open = await createGroup(alice);
    // Promoted, with credits to pay, in the member's languages and tags: only its group keeps it out.
    await promotedPost(alice, 3, { groupId: secret.id, tags: ['cats'] });
    const shown = await promotedPost(alice, 3, { groupId: open.id, tags: ['cats'] });
    const own = await promotedPost(alice, 3, { tags: ['cats'] });

    const insider = await surfer(testApp.baseUrl);
    await addMember(db, secret.id, insider.id);
    expect((await offeredUntilEmpty(insider)).sort()).toEqual([shown, own].sort());

    const tagSurfer = await surfer(testApp.baseUrl);
    await tagSurfer.browser.post(tagFollowPath('cats'));
    await setMyTags(tagSurfer, true);
    expect((await offeredUntilEmpty(tagSurfer)).sort()).toEqual([shown, own].sort());

    // A group made private later takes its posts out of the surf bar at once.
    await db.query(`UPDATE groups SET visibility = 'private' WHERE id = $1`, [open.id]);
    const late = await surfer(testApp.baseUrl);
    expect(await offeredUntilEmpty(late)).toEqual([own]);
  });
});

describe('blocks in the surf bar', () => {
  it('a post is never offered to a member its author blocked, nor to one who blocked its author; lifted, it is again', async () => {
    const [author, other] = await Promise.all([member(), member()]);
    const hidden = await promotedPost(author, 3);
    const shown = await promotedPost(other, 3);
    const [blockedByAuthor, blockingAuthor] = await Promise.all([surfer(testApp.baseUrl), surfer(testApp.baseUrl)]);
    await block(db, author.id, blockedByAuthor.id);
    await block(db, blockingAuthor.id, author.id);

    expect(await offeredUntilEmpty(blockedByAuthor)).toEqual([shown]);
    expect(await offeredUntilEmpty(blockingAuthor)).toEqual([shown]);

    await db.query('DELETE FROM blocks WHERE blocker_id = $1', [author.id]);
    expect(await offeredUntilEmpty(blockedByAuthor)).toEqual([hidden]);
  });
});

describe("onboarding's languages and interests in the surf bar", () => {
  /** Posts served in this order when nothing is preferred: the earlier, the longer ago it was served. */
  async function servedInOrder(pids: number[]): Promise<void> {
    for (const [i, pid] of pids.entries()) {
      await db.query(`UPDATE campaigns SET last_served_at = now() - make_interval(hours => $2) WHERE post_id = $1`, [
        pid,
        pids.length - i,
      ]);
    }
  }

  const choose = (viewer: TestMember, languages: string[], interests: string[]) =>
    viewer.browser.put(ACCOUNT_ENDPOINTS.onboardingPreferences, { languages, interests });

  it('offers posts in the chosen languages first, with a matching interest before the rest, and then every other post', async () => {
    const alice = await member();
    const german = await promotedPost(alice, 3, { language: 'de', tags: ['cats'] });
    const english = await promotedPost(alice, 3, { language: 'en', tags: ['news'] });
    const englishCats = await promotedPost(alice, 3, { language: 'en', tags: ['cats'] });
    await servedInOrder([german, english, englishCats]);

    const bob = await surfer(testApp.baseUrl);
    expect((await choose(bob, ['en'], ['Cats'])).status).toBe(200);
    // A preference ranks posts and never hides one: the German post still comes, last.
    expect(await offeredUntilEmpty(bob)).toEqual([englishCats, english, german]);

    await servedInOrder([german, english, englishCats]);
    const carol = await surfer(testApp.baseUrl);
    await choose(carol, ['en'], []);
    const offered = await offeredUntilEmpty(carol);
    expect(offered.slice(0, 2).sort()).toEqual([english, englishCats].sort());
    expect(offered[2]).toBe(german);

    // Without preferences: the fair order alone.
    await servedInOrder([german, english, englishCats]);
    const dave = await surfer(testApp.baseUrl);
    expect(await offeredUntilEmpty(dave)).toEqual([german, english, englishCats]);
  });
});
