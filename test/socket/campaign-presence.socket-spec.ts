import { jest } from '@jest/globals';
import { CAMPAIGN_PUSH_INTERVAL_MS } from '../../server/src/campaigns/live-campaigns.service.js';
import { PostsRepository } from '../../server/src/posts/posts.repository.js';
import type { Advertiser } from '../../server/src/auth/advertiser.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import { creditedClaim, grantCredits, nextTicket, promotedPost, setTestTimeout, surfer } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { actAs, createTeam } from '../support/team-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * Two app processes (A, run by the file, and B) on one database and one Redis, as a scaled-out
 * deployment runs: a paid view settled by A reads and pushes its owner's campaign figures only
 * while the owner has a tab open in their room, on A or on B. Skipped without REDIS_URL_FOR_TESTS.
 */
const REDIS_URL = process.env.REDIS_URL_FOR_TESTS;
const describeWithRedis = REDIS_URL ? describe : describe.skip;

setTestTimeout(import.meta, 60_000);

const testApp = useSurfTestApp({ socketEventsPerWindow: 1000, redisUrl: REDIS_URL });
const { db } = testApp;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithRedis('campaign figures of an owner with no open tab', () => {
  let processB: TestApp;
  const a = () => testApp.baseUrl;
  const b = () => processB.baseUrl;
  const onB = (someone: TestMember) => TestBrowser.withCookies(b(), { sid: someone.browser.sid! });

  beforeAll(async () => {
    processB = await startTestApp(
      { redisUrl: REDIS_URL, surf: testApp.config.surf, socketEventsPerWindow: 1000, rateLimitFactor: 50 },
      { ...testApp.database, create: async () => undefined },
    );
  });

  afterAll(() => processB.app.close());

  /** The owners whose figures a process read from now on. */
  function ownersRead(process: { app: TestApp['app'] }): Advertiser[] {
    const read: Advertiser[] = [];
    const posts = process.app.get(PostsRepository);
    const original = posts.campaignCountersOf.bind(posts);
    jest.spyOn(posts, 'campaignCountersOf').mockImplementation((owner) => {
      read.push(owner);
      return original(owner);
    });
    return read;
  }

  afterEach(() => jest.restoreAllMocks());

  /** A member with a funded campaign. */
  async function ownerOfCampaign() {
    const owner = await signUp(a());
    return { owner, pid: await promotedPost(owner, 3) };
  }

  /** A view of `pid` by a new viewer surfing through A, paid. */
  async function payView(pid: number): Promise<void> {
    const viewer = await surfer(a());
    const { ticketId, pid: offered } = await nextTicket(viewer.browser, viewer.tab);
    expect(offered).toBe(pid);
    await creditedClaim(viewer.tab, ticketId);
  }

  it('a paid view reads and pushes nothing for an owner with no tab open on any process', async () => {
    const { owner, pid } = await ownerOfCampaign();
    const [readByA, readByB] = [ownersRead(testApp), ownersRead(processB)];

    await payView(pid);
    await sleep(CAMPAIGN_PUSH_INTERVAL_MS * 2);

    const ownerRead = (read: Advertiser[]) =>
      read.filter((advertiser) => advertiser.kind === 'member' && advertiser.userId === owner.id);
    expect(ownerRead(readByA)).toEqual([]);
    expect(ownerRead(readByB)).toEqual([]);
    // The figures are there for the tab that opens next, which loads them over HTTP.
    const { rows } = await db.query(`SELECT credits FROM campaigns WHERE post_id = $1`, [pid]);
    expect(Number(rows[0].credits)).toBe(2);
  });

  it('an owner with a tab open on the process that settles the view gets the figures', async () => {
    const { owner, pid } = await ownerOfCampaign();
    const ownerOnA = await connectSocket(a(), owner.browser);
    const readByA = ownersRead(testApp);

    await payView(pid);

    const [{ campaigns }] = await ownerOnA.next('campaigns:updated', undefined, ({ campaigns }) =>
      campaigns.some((campaign) => campaign.pid === pid && campaign.viewsTotal === 1),
    );
    expect(campaigns).toEqual([expect.objectContaining({ pid, credits: 2, viewsTotal: 1 })]);
    expect(readByA).toContainEqual({ kind: 'member', userId: owner.id });
  });

  it('an owner whose only tab is open on another process gets the figures, and once it closes nothing more is read', async () => {
    const { owner, pid } = await ownerOfCampaign();
    const ownerOnB = await connectSocket(b(), onB(owner));
    const readByA = ownersRead(testApp);

    await payView(pid);
    await ownerOnB.next('campaigns:updated', undefined, ({ campaigns }) =>
      campaigns.some((campaign) => campaign.pid === pid && campaign.viewsTotal === 1 && campaign.credits === 2),
    );
    expect(readByA).toContainEqual({ kind: 'member', userId: owner.id });

    ownerOnB.close();
    await sleep(CAMPAIGN_PUSH_INTERVAL_MS + 200);
    readByA.length = 0;
    await payView(pid);
    await sleep(CAMPAIGN_PUSH_INTERVAL_MS * 2);
    expect(readByA).toEqual([]);
  });

  it('a team campaign’s paid view reads the team’s figures only while a tab acts for the team, on any process', async () => {
    const owner = await signUp(a());
    const team = await createTeam(owner);
    await grantCredits(db, owner.id, 6);
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 6 });
    actAs(owner, team.id);
    const pid = await promotedPost(owner, 6);
    actAs(owner, null);
    const readByA = ownersRead(testApp);
    const teamRead = () => readByA.filter((advertiser) => advertiser.kind === 'team' && advertiser.teamId === team.id);

    await payView(pid);
    await sleep(CAMPAIGN_PUSH_INTERVAL_MS * 2);
    expect(teamRead()).toEqual([]);

    const teamTabOnB = await connectSocket(b(), onB(owner), { teamId: team.id });
    await sleep(CAMPAIGN_PUSH_INTERVAL_MS + 200);
    await payView(pid);
    await teamTabOnB.next('campaigns:updated', undefined, ({ campaigns }) =>
      campaigns.some((campaign) => campaign.pid === pid && campaign.viewsTotal === 2),
    );
    expect(teamRead().length).toBeGreaterThan(0);
  });
});
