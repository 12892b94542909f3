import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '../../shared/campaigns/campaigns.js';
import { STATS_ENDPOINTS, type PostStats, type StatsOverview } from '../../shared/stats/stats.js';
import { PostsRepository } from '../../server/src/posts/posts.repository.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { creditedView, voidView } from '../support/earnings-fixtures.js';
import { hourAgo, seedHourly } from '../support/stats-fixtures.js';
import { createPost } from '../support/surf-fixtures.js';
import { actAs, createTeam } from '../support/team-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const DAY_MS = 86_400_000;

/**
 * An advertiser's post viewed by two members: six credited views, four of them voided (two from
 * one device, one for its timing, one refunded by an admin), and one more voided from a view ten
 * days old, outside a week's stats.
 */
async function postWithRefunds(owner: TestMember) {
  const [bob, carol] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
  const { pid } = (await createPost(owner.browser)).post;
  const views = [];
  for (const viewer of [bob, carol, bob, carol, bob, carol]) views.push(await creditedView(db, { viewerId: viewer.id, pid }));
  await voidView(db, views[0], 'shared_device');
  await voidView(db, views[1], 'shared_device');
  await voidView(db, views[2], 'timing_signature');
  await voidView(db, views[3], 'admin');
  const old = await creditedView(db, { viewerId: carol.id, pid, claimedAt: new Date(Date.now() - 10 * DAY_MS) });
  await voidView(db, old, 'shared_device');
  // The credited recount's figures for the week: the six recent views.
  await seedHourly(db, pid, hourAgo(1), 'surf', { credited: 6 });
  return { pid, viewers: [bob, carol] };
}

async function campaignOf(member: TestMember, pid: number): Promise<CampaignItem> {
  const { body } = await member.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
  return body.data!.find((item) => item.post.pid === pid)!;
}

/** No viewer's id, username or email anywhere in an answer. */
function expectNoViewerIn(answer: unknown, viewers: TestMember[]): void {
  const text = JSON.stringify(answer);
  for (const viewer of viewers) {
    expect(text).not.toContain(viewer.username);
    expect(text).not.toContain(viewer.email);
  }
  expect(text).not.toMatch(/viewer|"user(_?id)?"|member/i);
}

describe('views refunded as invalid, on Campaigns', () => {
  it('each campaign shows its refunded views by category, largest first, and the credits returned', async () => {
    const alice = await signUp(testApp.baseUrl);
    const { pid, viewers } = await postWithRefunds(alice);
    const { pid: clean } = (await createPost(alice.browser)).post;

    const { body } = await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    const byPid = new Map(body.data!.map((item) => [item.post.pid, item]));
    expect(byPid.get(pid)!.invalid).toEqual({
      refunded: 5,
      creditsReturned: 5,
      byReason: [
        { reason: 'shared_device', views: 3 },
        { reason: 'timing_signature', views: 1 },
        { reason: 'admin', views: 1 },
      ],
    });
    expect(byPid.get(clean)!.invalid).toEqual({ refunded: 0, creditsReturned: 0, byReason: [] });
    expectNoViewerIn(byPid.get(pid)!.invalid, viewers);

    // A change answered with the campaign carries the same figures.
    const paused = await alice.browser.post<CampaignItem>(`${CAMPAIGN_ENDPOINTS.campaign}/${pid}/pause`);
    expect(paused.body.data!.invalid).toEqual(byPid.get(pid)!.invalid);
  });

  it("the live push's figures carry the refunded views too", async () => {
    const alice = await signUp(testApp.baseUrl);
    const { pid } = await postWithRefunds(alice);
    const counters = await testApp.app.get(PostsRepository).campaignCountersOf({ kind: 'member', userId: alice.id });
    expect(counters.find((entry) => entry.pid === pid)!.invalid).toMatchObject({ refunded: 5, creditsReturned: 5 });
  });

  it("another advertiser's refunds never show on a member's campaigns", async () => {
    const [alice, dave] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    await postWithRefunds(alice);
    const { pid } = (await createPost(dave.browser)).post;
    const { body } = await dave.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    expect(body.data!.map((item) => [item.post.pid, item.invalid.refunded])).toEqual([[pid, 0]]);
  });

  it("a team's campaigns show their refunds to the team's tabs, not on the writer's own list", async () => {
    const alice = await signUp(testApp.baseUrl);
    const team = await createTeam(alice);
    actAs(alice, team.id);
    const { pid, viewers } = await postWithRefunds(alice);
    expect((await campaignOf(alice, pid)).invalid).toMatchObject({ refunded: 5, creditsReturned: 5 });
    const overview = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`)).body.data!;
    expect(overview.invalid).toMatchObject({ served: 6, refunded: 4 });
    expectNoViewerIn(overview.invalid, viewers);

    actAs(alice, null);
    expect((await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts)).body.data).toEqual([]);
    expect((await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`)).body.data!.invalid).toEqual({
      served: 0,
      refunded: 0,
      creditsReturned: 0,
      byReason: [],
    });
  });
});

describe('views refunded as invalid, in Detailed Stats', () => {
  it("the period's served views and, of those claimed in it, the refunded ones by category", async () => {
    const alice = await signUp(testApp.baseUrl);
    const { pid, viewers } = await postWithRefunds(alice);
    const expected = {
      served: 6,
      refunded: 4,
      creditsReturned: 4,
      byReason: [
        { reason: 'shared_device', views: 2 },
        { reason: 'timing_signature', views: 1 },
        { reason: 'admin', views: 1 },
      ],
    };

    const overview = await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`);
    expect(overview.body.data!.invalid).toEqual(expected);
    const post = await alice.browser.get<PostStats>(`${STATS_ENDPOINTS.posts}/${pid}?days=7`);
    expect(post.body.data!.invalid).toEqual(expected);
    expectNoViewerIn(overview.body.data!.invalid, viewers);
    expectNoViewerIn(post.body.data!.invalid, viewers);

    // Thirty days reach the view voided ten days after it was claimed.
    const month = await alice.browser.get<PostStats>(`${STATS_ENDPOINTS.posts}/${pid}?days=30`);
    expect(month.body.data!.invalid).toMatchObject({ refunded: 5, byReason: [{ reason: 'shared_device', views: 3 }, {}, {}] });
  });

  it('another member reads none of it', async () => {
    const [alice, dave] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const { pid } = await postWithRefunds(alice);
    expect((await dave.browser.get(`${STATS_ENDPOINTS.posts}/${pid}?days=7`)).status).toBe(404);
    const overview = await dave.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`);
    expect(overview.body.data!.invalid).toEqual({ served: 0, refunded: 0, creditsReturned: 0, byReason: [] });
  });
});
