import type { ProfileAnswer } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { ListPage } from '../../shared/api/list-page.js';
import { PEOPLE_ENDPOINTS, type FollowState, type MemberCard, type ProfileGroup } from '../../shared/people/people.js';
import { SIMILARITY_THRESHOLD } from '../../server/src/user-search/trigram-threshold.js';
import { USER_SEARCH, userSearchParameters } from '../../server/src/user-search/user-search.repository.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { block, follow, followPath, insertGroup, insertMembers, setMembership, unfollow } from '../support/people-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;

beforeAll(async () => {
  alice = await signUp(testApp.baseUrl, { username: 'alice', first_name: 'Alice' });
  bob = await signUp(testApp.baseUrl, { username: 'bob_builder', first_name: 'Bob' });
  carol = await signUp(testApp.baseUrl, { username: 'carol', first_name: 'Carol' });
});

afterEach(async () => {
  await db.query('DELETE FROM follows');
  await db.query('DELETE FROM blocks');
});

const visitor = () => new TestBrowser(testApp.baseUrl);
const profileOf = (browser: TestBrowser, username: string) =>
  browser.get<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/${username}`).then(({ body }) => body.data!);
const followRows = async () =>
  (await db.query('SELECT follower_id, followee_id FROM follows ORDER BY follower_id, followee_id')).rows as {
    follower_id: number;
    followee_id: number;
  }[];
const followerNotifications = async (userId: number) =>
  (await db.query(`SELECT heading, body, link FROM notifications WHERE user_id = $1 AND type = 'new_follower'`, [userId])).rows;
const listOf = (browser: TestBrowser, username: string, list: 'followers' | 'following' | 'groups', page = 1) =>
  browser.get<ListPage<MemberCard & ProfileGroup>>(`${PEOPLE_ENDPOINTS.profile}/${username}/${list}?page=${page}`);
const search = (browser: TestBrowser, q: string, page = 1) =>
  browser.get<ListPage<MemberCard>>(`${PEOPLE_ENDPOINTS.search}?q=${encodeURIComponent(q)}&page=${page}`);

describe('a member who blocked the viewer', () => {
  it('has no profile, posts, lists or groups for them, and is left out of the follower lists they read; others still see it all', async () => {
    await follow(alice.browser, bob.id);
    await follow(carol.browser, bob.id);
    await block(db, alice.id, carol.id);

    for (const path of [
      `${ACCOUNT_ENDPOINTS.publicProfile}/alice`,
      `${PEOPLE_ENDPOINTS.profile}/alice/followers`,
      `${PEOPLE_ENDPOINTS.profile}/alice/following`,
      `${PEOPLE_ENDPOINTS.profile}/alice/groups`,
      `/data/feed?source=user&key=alice`,
    ]) {
      const { status, body } = await carol.browser.get(path);
      expect([path, status, body.errors[0]?.code]).toEqual([path, 404, 'not_found']);
      expect([path, (await bob.browser.get(path)).status]).toEqual([path, 200]);
      expect([path, (await visitor().get(path)).status]).toEqual([path, 200]);
    }
    const followersOfBob = async (who: TestBrowser) =>
      (await listOf(who, 'bob_builder', 'followers')).body.data!.items.map((card) => card.username);
    expect(await followersOfBob(carol.browser)).toEqual(['carol']);
    expect(await followersOfBob(bob.browser)).toEqual(['carol', 'alice']);
    // The blocker still sees the member they blocked (their posts stay hidden from them by the feeds).
    expect((await alice.browser.get(`${ACCOUNT_ENDPOINTS.publicProfile}/carol`)).status).toBe(200);
  });
});

describe('following members', () => {
  it('follows a member once: the counts move, the followee is notified once with a link to the follower', async () => {
    await db.query(`DELETE FROM notifications WHERE type = 'new_follower'`);
    const first = await follow(alice.browser, bob.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual<FollowState>({ following: true, followers: 1 });
    const again = await follow(alice.browser, bob.id);
    expect(again.body.data).toEqual<FollowState>({ following: true, followers: 1 });

    expect(await followRows()).toEqual([{ follower_id: alice.id, followee_id: bob.id }]);
    expect(await followerNotifications(bob.id)).toEqual([
      { heading: 'New follower', body: 'Alice (@alice) now follows you.', link: '/profile/alice' },
    ]);
    expect(await profileOf(alice.browser, 'bob_builder')).toMatchObject({
      followerCount: 1,
      followingCount: 0,
      viewerFollows: true,
    });
    expect(await profileOf(alice.browser, 'alice')).toMatchObject({ followerCount: 0, followingCount: 1, viewerFollows: false });
    expect(await profileOf(carol.browser, 'bob_builder')).toMatchObject({ followerCount: 1, viewerFollows: false });
    expect(await profileOf(visitor(), 'bob_builder')).toMatchObject({ followerCount: 1, viewerFollows: false });
  });

  it('unfollows, and unfollowing again changes nothing', async () => {
    await follow(alice.browser, bob.id);
    const first = await unfollow(alice.browser, bob.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual<FollowState>({ following: false, followers: 0 });
    expect((await unfollow(alice.browser, bob.id)).body.data).toEqual<FollowState>({ following: false, followers: 0 });
    expect(await followRows()).toEqual([]);
    expect(await profileOf(alice.browser, 'bob_builder')).toMatchObject({ followerCount: 0, viewerFollows: false });
  });

  it('refuses following yourself with 403 and stores nothing', async () => {
    const { status, body } = await follow(alice.browser, alice.id);
    expect(status).toBe(403);
    expect(body.errors[0]).toMatchObject({ code: 'forbidden', message: 'You cannot follow yourself.' });
    expect(await followRows()).toEqual([]);
  });

  it('refuses following a member blocked either way, without telling them', async () => {
    await block(db, bob.id, carol.id);
    await db.query(`DELETE FROM notifications WHERE type = 'new_follower'`);
    const { status, body } = await follow(carol.browser, bob.id);
    expect(status).toBe(403);
    expect(body.errors[0]).toMatchObject({ code: 'forbidden', message: 'You cannot follow this member.' });
    expect(await followRows()).toEqual([]);
    expect(await followerNotifications(bob.id)).toEqual([]);
    // A block hides both ways: the blocker cannot follow the member they blocked either.
    expect((await follow(bob.browser, carol.id)).status).toBe(403);
    expect(await followRows()).toEqual([]);
  });

  it('answers 404 for forged or unknown member ids and accounts not set up yet, never 500', async () => {
    const [notSetUp] = await insertMembers(db, 'imported_', 1);
    await db.query('UPDATE users SET needs_setup = true WHERE id = $1', [notSetUp]);
    for (const id of [notSetUp, 999_999, 0, -1, 'abc', '1.5', '99999999999', "1' OR '1'='1"]) {
      for (const call of [follow, unfollow]) {
        const { status } = await call(alice.browser, encodeURIComponent(String(id)));
        expect({ id, status }).toEqual({ id, status: 404 });
      }
    }
    expect(await followRows()).toEqual([]);
  });

  it('lets only members follow: a visitor gets 401, and a follower id in the body is ignored', async () => {
    expect((await follow(visitor(), bob.id)).status).toBe(401);
    expect((await unfollow(visitor(), bob.id)).status).toBe(401);
    // The follower is always the signed-in member, whatever the request claims.
    const forged = await carol.browser.call(followPath(bob.id), {
      method: 'PUT',
      json: { followerId: alice.id, follower_id: alice.id },
    });
    expect(forged.status).toBe(200);
    expect(await followRows()).toEqual([{ follower_id: carol.id, followee_id: bob.id }]);
  });
});

describe('followers and following lists', () => {
  it('pages the followers newest first, marking whom the viewer follows; a visitor sees no follow state', async () => {
    const fans = await insertMembers(db, 'fan_', 23, 'Fan');
    // Followed one by one, fan_1 first: fan_23 is the newest follower.
    for (const [index, fan] of fans.entries()) {
      await db.query(
        `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, now() - $3 * interval '1 minute')`,
        [fan, bob.id, fans.length - index],
      );
    }
    await follow(alice.browser, fans[22]);

    const first = await listOf(alice.browser, 'bob_builder', 'followers');
    expect(first.status).toBe(200);
    expect(first.body.data!.hasMore).toBe(true);
    expect(first.body.data!.items.map((card) => card.username)).toEqual(Array.from({ length: 20 }, (_, i) => `fan_${23 - i}`));
    expect(first.body.data!.items[0]).toEqual({
      id: fans[22],
      username: 'fan_23',
      first_name: 'Fan',
      image: null,
      following: true,
    });
    expect(first.body.data!.items[1].following).toBe(false);

    const second = await listOf(alice.browser, 'bob_builder', 'followers', 2);
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.data!.items.map((card) => card.username)).toEqual(['fan_3', 'fan_2', 'fan_1']);

    const seenByVisitor = await listOf(visitor(), 'bob_builder', 'followers');
    expect(seenByVisitor.body.data!.items.every((card) => card.following === null)).toBe(true);
    await db.query('DELETE FROM users WHERE id = ANY($1)', [fans]);
  });

  it('lists whom a member follows, with no follow state on the viewer’s own card', async () => {
    await follow(bob.browser, alice.id);
    await follow(bob.browser, carol.id);
    const { body } = await listOf(alice.browser, 'bob_builder', 'following');
    expect(body.data).toEqual({
      page: 1,
      hasMore: false,
      items: [
        { id: carol.id, username: 'carol', first_name: 'Carol', image: null, following: false },
        { id: alice.id, username: 'alice', first_name: 'Alice', image: null, following: null },
      ],
    });
  });

  it('answers 404 for an unknown member and 400 for a bad page, never 500', async () => {
    expect((await listOf(alice.browser, 'nobody_here', 'followers')).status).toBe(404);
    expect((await listOf(alice.browser, "x' OR 1=1", 'following')).status).toBe(404);
    expect((await alice.browser.get(`${PEOPLE_ENDPOINTS.profile}/alice/followers?page=0`)).status).toBe(400);
    expect((await alice.browser.get(`${PEOPLE_ENDPOINTS.profile}/alice/followers?page=abc`)).status).toBe(400);
  });
});

describe('the Groups tab of a profile', () => {
  it('lists public groups to anyone and a private group only to its active members', async () => {
    const open = await insertGroup(db, bob.id, 'open-kitchen', 'public');
    const secret = await insertGroup(db, bob.id, 'secret-club', 'private');
    const slugs = async (browser: TestBrowser) =>
      ((await listOf(browser, 'bob_builder', 'groups')).body.data!.items as ProfileGroup[]).map((group) => group.slug);

    expect(await slugs(visitor())).toEqual(['open-kitchen']);
    expect(await slugs(alice.browser)).toEqual(['open-kitchen']);
    for (const status of ['requested', 'banned'] as const) {
      await setMembership(db, secret, alice.id, status);
      expect({ status, slugs: await slugs(alice.browser) }).toEqual({ status, slugs: ['open-kitchen'] });
    }
    await setMembership(db, secret, alice.id, 'active');
    expect((await listOf(alice.browser, 'bob_builder', 'groups')).body.data!.items).toEqual([
      { slug: 'secret-club', name: 'Group secret-club', visibility: 'private', role: 'owner' },
      { slug: 'open-kitchen', name: 'Group open-kitchen', visibility: 'public', role: 'owner' },
    ]);
    // Bob sees his own private group; a group Bob was banned from is not "his".
    expect(await slugs(bob.browser)).toEqual(['secret-club', 'open-kitchen']);
    await setMembership(db, open, bob.id, 'banned');
    expect(await slugs(visitor())).toEqual([]);
    await db.query('DELETE FROM groups WHERE id = ANY($1)', [[open, secret]]);
  });
});

describe('user search', () => {
  beforeAll(async () => {
    await insertMembers(db, 'alicia_', 3, 'Alicia');
    await insertMembers(db, 'zed_', 2, 'Zed');
  });

  it('finds a member despite a typo in the username, the closest first', async () => {
    const { status, body } = await search(bob.browser, 'alise');
    expect(status).toBe(200);
    expect(body.data!.items[0]).toEqual({ id: alice.id, username: 'alice', first_name: 'Alice', image: null, following: false });
    expect(body.data!.items.map((card) => card.username)).not.toContain('zed_1');
  });

  it('finds by first name with a typo, and ranks the exact username and username prefixes first', async () => {
    const byFirstName = await search(bob.browser, 'Alicai');
    expect(byFirstName.body.data!.items.map((card) => card.username)).toEqual(
      expect.arrayContaining(['alicia_1', 'alicia_2', 'alicia_3']),
    );
    const exact = await search(bob.browser, 'ALICE');
    expect(exact.body.data!.items[0].username).toBe('alice');
    const prefix = await search(bob.browser, 'ze');
    expect(prefix.body.data!.items.map((card) => card.username)).toEqual(['zed_1', 'zed_2']);
  });

  it('forgives one slip in a username or any of its words, and ranks the member matching most words first', async () => {
    const [walrus] = await insertMembers(db, 'elias_walrus', 1, 'Elias');
    await insertMembers(db, 'elias_wolf', 3, 'Elias');
    await insertMembers(db, 'anna_walrus', 3, 'Anna');
    const names = async (q: string) => (await search(bob.browser, q)).body.data!.items.map((card) => card.username);
    for (const slip of ['elias_wlarus1', 'elias_walrs1', 'elias_wallrus1', 'elias_walrux1']) {
      const found = await search(bob.browser, slip);
      expect({ slip, first: found.body.data!.items[0]?.id }).toEqual({ slip, first: walrus });
    }
    // The words: both matched first, then either.
    const byWords = await names('elias_wlarus');
    expect(byWords[0]).toBe('elias_walrus1');
    expect(byWords).toEqual(expect.arrayContaining(['elias_wolf1', 'anna_walrus1']));
    expect(await names('walrsu')).toEqual(expect.arrayContaining(['elias_walrus1', 'anna_walrus1']));
    // Two slips are not one.
    expect(await names('elais_wlarus1')).not.toContain('zed_1');
    expect(await names('wlarsu')).not.toContain('elias_walrus1');
  });

  it('finds a member by the username they changed to, and no longer by the old one', async () => {
    const [renamed] = await insertMembers(db, 'bartholomew_', 1, 'Bart');
    const names = async (q: string) => (await search(bob.browser, q)).body.data!.items.map((card) => card.username);
    expect(await names('bartholomwe_1')).toContain('bartholomew_1');
    await db.query(`UPDATE users SET username = 'maximilian_9' WHERE id = $1`, [renamed]);
    expect(await names('maximillian_9')).toContain('maximilian_9');
    expect(await names('bartholomwe_1')).not.toContain('maximilian_9');
  });

  it('finds a member by the first name they changed to, and no longer by the old one', async () => {
    const [renamed] = await insertMembers(db, 'quill_', 1, 'Petronella');
    expect((await search(bob.browser, 'Petronela')).body.data!.items.map((card) => card.username)).toContain('quill_1');
    await db.query(`UPDATE users SET first_name = 'Wilhelmina' WHERE id = $1`, [renamed]);
    expect((await search(bob.browser, 'Wilhelmna')).body.data!.items.map((card) => card.username)).toContain('quill_1');
    expect((await search(bob.browser, 'Petronela')).body.data!.items.map((card) => card.username)).not.toContain('quill_1');
  });

  it('pages through many members who share a first name, each once, in id order', async () => {
    const ids = await insertMembers(db, 'namesake_', 45, 'Gwendolyn');
    const pages = await Promise.all([1, 2, 3].map((page) => search(bob.browser, 'Gwendolin', page)));
    expect(pages.map((answer) => answer.body.data!.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap((answer) => answer.body.data!.items.map((card) => card.id))).toEqual(ids);
  });

  it('pages through many members whose usernames start with the query, each once, in id order', async () => {
    // Found by the prefix alone: `qxz` is no slip of any of their names' words.
    const ids = await insertMembers(db, 'qxzcrestline', 45, 'Summit');
    const pages = await Promise.all([1, 2, 3].map((page) => search(bob.browser, 'qxz', page)));
    expect(pages.map((answer) => answer.body.data!.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap((answer) => answer.body.data!.items.map((card) => card.id))).toEqual(ids);
  });

  it('pages through many members whose usernames share a misspelt word, each once, in id order', async () => {
    const ids = await insertMembers(db, 'tangerine_', 45, 'Citrus');
    const pages = await Promise.all([1, 2, 3].map((page) => search(bob.browser, 'tnagerine', page)));
    expect(pages.map((answer) => answer.body.data!.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap((answer) => answer.body.data!.items.map((card) => card.id))).toEqual(ids);
  });

  it('marks whom the searcher follows and leaves no follow state on their own card', async () => {
    await follow(bob.browser, alice.id);
    const { body } = await search(bob.browser, 'alice');
    expect(body.data!.items.find((card) => card.username === 'alice')?.following).toBe(true);
    const own = await search(bob.browser, 'bob_builder');
    expect(own.body.data!.items[0]).toMatchObject({ username: 'bob_builder', following: null });
  });

  it('leaves out members who blocked the searcher, members the searcher blocked, and accounts not set up yet', async () => {
    const [pending] = await insertMembers(db, 'alicex_pending', 1);
    await db.query('UPDATE users SET needs_setup = true WHERE id = $1', [pending]);
    await block(db, alice.id, carol.id);
    const names = async (who: TestMember, q: string) =>
      (await search(who.browser, q)).body.data!.items.map((card) => card.username);
    expect(await names(carol, 'alice')).not.toContain('alice');
    expect(await names(carol, 'alice')).not.toContain('alicex_pending1');
    expect(await names(carol, 'Alice')).not.toContain('alice');
    expect(await names(alice, 'carol')).not.toContain('carol');
    expect(await names(alice, 'Carol')).not.toContain('carol');
    expect((await search(bob.browser, 'alice')).body.data!.items[0].username).toBe('alice');
    expect((await search(bob.browser, 'carol')).body.data!.items[0].username).toBe('carol');
  });

  it('takes LIKE wildcards in the query literally', async () => {
    for (const q of ['%%', '__', '\\%', '_%_']) {
      const { status, body } = await search(bob.browser, q);
      expect({ q, status, items: body.data?.items }).toEqual({ q, status: 200, items: [] });
    }
  });

  it('pages the results', async () => {
    await insertMembers(db, 'pager_', 25, 'Pager');
    const first = await search(bob.browser, 'pager_');
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true });
    expect(first.body.data!.items).toHaveLength(20);
    const second = await search(bob.browser, 'pager_', 2);
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.data!.items).toHaveLength(5);
    const all = [...first.body.data!.items, ...second.body.data!.items].map((card) => card.username);
    expect(new Set(all).size).toBe(25);
  });

  it('refuses a visitor (401), a query too short or too long, and pages past the last (400)', async () => {
    expect((await search(visitor(), 'alice')).status).toBe(401);
    for (const q of ['', 'a', ' a ', 'x'.repeat(51), 'bad\u0000name']) {
      const { status } = await search(bob.browser, q);
      expect({ q: q.slice(0, 5), status }).toEqual({ q: q.slice(0, 5), status: 400 });
    }
    expect((await search(bob.browser, 'alice', 26)).status).toBe(400);
    expect((await bob.browser.get(PEOPLE_ENDPOINTS.search)).status).toBe(400);
  });

  it('answers from the indexes among 10,000 members, reading only a page of them, however many names look alike', async () => {
    await insertMembers(db, 'seat_', 10_000, 'Crowd');
    await db.query('ANALYZE users');
    await db.query('BEGIN');
    try {
      await db.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(SIMILARITY_THRESHOLD)]);
      // The ranking runs inside user_search_ranked: auto_explain hands its statement's plan back as a notice.
      await db.query(`LOAD 'auto_explain'`);
      for (const [setting, value] of Object.entries(NESTED_PLANS_AS_NOTICES))
        await db.query(`SELECT set_config($1, $2, true)`, [setting, value]);
      const plan = async (q: string) => {
        const notices: string[] = [];
        const collect = (notice: { message?: string }) => notices.push(notice.message ?? '');
        db.on('notice', collect);
        try {
          await db.query(USER_SEARCH.text, userSearchParameters(q, bob.id, 21, 0));
        } finally {
          db.off('notice', collect);
        }
        const plans = notices
          .map((message) => JSON.parse(message.slice(message.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode })
          .filter((explained) => explained['Query Text'].includes('member_name_terms'));
        expect(plans).toHaveLength(1);
        return planNodes(plans[0].Plan);
      };
      // A misspelt username is looked up by its keys: no username is read to be compared.
      const byUsername = await plan('seat_12345');
      expect(byUsername.map((node) => node['Index Name'])).toEqual(
        expect.arrayContaining(['name_term_keys_pkey', 'member_name_terms_pkey']),
      );
      // Every `seat_…` holds the word `seat`: a page of its members is read, and those holding both of
      // the query's terms come from the term sets' index, each scored from its one row; not all 10,000.
      const termsRead = byUsername.filter((node) =>
        ['member_name_terms', 'member_term_sets'].includes(node['Relation Name'] ?? ''),
      );
      expect(termsRead.reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0)).toBeLessThan(200);
      const usersRead = byUsername.filter((node) => node['Relation Name'] === 'users');
      expect(usersRead.reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0)).toBeLessThanOrEqual(21);
      // A word alone scores each member by their best term: of the 10,000 holding `seat`, a page is read.
      const byWord = await plan('seatt');
      const wordTermsRead = byWord.filter((node) => node['Relation Name'] === 'member_name_terms');
      expect(wordTermsRead.reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0)).toBeLessThanOrEqual(
        21 * 3,
      );
      // 10,000 members are named Crowd: the page's 21 are read, not all of them.
      const byFirstName = await plan('Crowdd');
      const membersRead = byFirstName.filter(
        (node) => node['Relation Name'] === 'users' && /first_name/.test(node['Index Cond'] ?? node.Filter ?? ''),
      );
      expect(membersRead.map((node) => node['Actual Rows'] * node['Actual Loops'])).toEqual([21]);
      for (const nodes of [byUsername, byFirstName])
        expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'users')).toEqual([]);
    } finally {
      await db.query('ROLLBACK');
    }
  });
});

/** auto_explain's settings that send each nested statement's actual plan to the client, as JSON notices. */
const NESTED_PLANS_AS_NOTICES = {
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_nested_statements': 'on',
  'auto_explain.log_format': 'json',
  'auto_explain.log_level': 'notice',
};

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];
