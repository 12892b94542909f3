import { ErrorCode } from '../../shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type BillingCatalog } from '../../shared/billing/billing.js';
import { CREDITS_ENDPOINTS, SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import type { EarningsSummary } from '../../shared/earnings/earnings.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { MembershipGrants } from '../../server/src/levels/membership-grants.service.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { checkout, rawGet, withQuery } from '../support/billing-fixtures.js';
import {
  balanceOf,
  campaignCall,
  claim,
  createPost,
  grantCredits,
  humanClick,
  ledgerRowsOfCampaign,
  nextTicket,
  promotedPost,
  storedCampaign,
  surfer,
  surfNext,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { actAs, createTeam, storedTeam } from '../support/team-fixtures.js';

/** The free level of this file: the surf test app's 0 s countdown and cap of 500, two running campaigns. */
const FREE_ACTIVE = 2;
const testApp = useSurfTestApp({ levels: { freeActiveCampaigns: FREE_ACTIVE }, rateLimitFactor: 10_000 });
const { db } = testApp;

/** The level the tests buy: small numbers, so a cap and a countdown are quick to reach. */
const LEVEL = { creditsPerView: 3, timer: 1, dailyCap: 7, activeCampaigns: 3, monthlyCredits: 100, periodDays: 60 };

let levelId = 0;
beforeAll(async () => {
  const { rows } = await db.query(
    `INSERT INTO membership_levels
       (name, credits_per_view, surf_timer_seconds, daily_cap, active_campaigns, monthly_credits, period_days, price_minor, currency, position)
     VALUES ('Test level', $1, $2, $3, $4, $5, $6, 900, 'USD', 99) RETURNING id`,
    [LEVEL.creditsPerView, LEVEL.timer, LEVEL.dailyCap, LEVEL.activeCampaigns, LEVEL.monthlyCredits, LEVEL.periodDays],
  );
  levelId = rows[0].id;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Buys the test level on the local test page, as the member's browser does; answers the membership's id. */
async function buyLevel(member: TestMember): Promise<number> {
  const { order, checkout: form } = await checkout(member, 'level', levelId);
  const decided = await rawGet(
    testApp.baseUrl,
    withQuery(BILLING_ENDPOINTS.localDecision, { ...form.fields, decision: 'approve' }),
    member.browser,
  );
  expect(decided.status).toBe(303);
  expect((await rawGet(testApp.baseUrl, decided.headers.get('location')!)).status).toBe(303);
  const { rows } = await db.query(`SELECT id FROM memberships WHERE order_id = $1`, [order.id]);
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

/** A paid period of the test level stored as a settlement stores it, from `startDays` ago (negative: ahead) for `days`. */
async function storedMembership(userId: number, teamId: number | null, startDaysAgo: number, days: number): Promise<number> {
  const {
    rows: [order],
  } = await db.query(
    `INSERT INTO orders (user_id, team_id, kind, level_id, item_name, credits, amount_minor, currency, state, provider, expires_at, settled_at)
     VALUES ($1, $2, 'level', $3, 'Test level', 0, 900, 'USD', 'paid', 'local', now(), now()) RETURNING id`,
    [userId, teamId, levelId],
  );
  const {
    rows: [membership],
  } = await db.query(
    `INSERT INTO memberships (user_id, team_id, level_id, order_id, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5) + make_interval(days => $6))
     RETURNING id`,
    [userId, teamId, levelId, order.id, startDaysAgo, days],
  );
  return membership.id;
}

/** The membership's grant rows: [key, account, amount], by month. */
async function grantRows(membershipId: number): Promise<[string, string, number][]> {
  const { rows } = await db.query(
    `SELECT idempotency_key, account, amount FROM credit_ledger
      WHERE kind = 'membership_grant' AND idempotency_key LIKE $1 ORDER BY idempotency_key`,
    [`grant:${membershipId}:%`],
  );
  return rows.map((row) => [row.idempotency_key, row.account, Number(row.amount)]);
}

const runGrants = () => testApp.app.get(MembershipGrants).run();

describe('surfing with a membership level', () => {
  it("offers the level's countdown, earns its credits per view (the campaign pays one view), and stops at its daily cap", async () => {
    const alice = await signUp(testApp.baseUrl);
    await grantCredits(db, alice.id, 30);
    // Three running campaigns: past the free limit, within the level's.
    await storedMembership(alice.id, null, 0, 30);
    for (let i = 0; i < 3; i++) await promotedPost(alice, 10);
    const bob = await surfer(testApp.baseUrl);
    await buyLevel(bob);
    let balance = SIGNUP_BONUS_CREDITS + LEVEL.monthlyCredits;
    expect(await balanceOf(db, bob.id)).toBe(balance);

    // The summary tells the level's terms before a view: 3 a view, 3 views to reach the cap of 7.
    expect((await bob.browser.get<EarningsSummary>(CREDITS_ENDPOINTS.earnings)).body.data).toMatchObject({
      earnedToday: 0,
      capToday: LEVEL.dailyCap,
      creditsPerView: LEVEL.creditsPerView,
      viewsLeftToday: 3,
    });
    // 3 + 3, then the 1 left of the cap of 7.
    let earnedToday = 0;
    for (const [earned, viewsLeftToday] of [
      [3, 2],
      [3, 1],
      [1, 0],
    ]) {
      const { ticketId, pid, answer } = await nextTicket(bob.browser, bob.tab);
      expect(answer.data.timer).toBe(LEVEL.timer);
      expect(answer.data.m1).toContain(`earn ${LEVEL.creditsPerView} credits`);
      const early = await claim(bob.tab, ticketId);
      expect('error' in early && early.error.code).toBe('too_early');
      await sleep(LEVEL.timer * 1000 + 300);
      balance += earned;
      earnedToday += earned;
      // Claimed 300 ms after the countdown, so the click cannot report a longer delay than that.
      expect(await claim(bob.tab, ticketId, humanClick({ clickDelayMs: 100 }))).toEqual({
        data: {
          outcome: 'credited',
          credited: earned,
          cc: balance,
          message: earned > 1 ? `${earned} credits earned!` : 'Credit earned!',
          today: { earnedToday, capToday: LEVEL.dailyCap, creditsPerView: LEVEL.creditsPerView, viewsLeftToday },
        },
      });
      expect((await storedCampaign(db, pid)).credits).toBe(9);
      const bonus: [string, string, number, number | null][] = earned > 1 ? [['user', 'level_bonus', earned - 1, bob.id]] : [];
      expect((await ledgerRowsOfCampaign(db, pid)).slice(2)).toEqual([
        ['campaign', 'view_paid', -1, null],
        ['user', 'view_earned', 1, bob.id],
        ...bonus,
      ]);
    }

    const { body } = await surfNext(bob.browser, bob.tab);
    expect(body.data).toMatchObject({ ticket: null, emptyReason: 'daily_cap', data: { timer: LEVEL.timer } });
    expect(body.data!.data.message).toContain(`limit of ${LEVEL.dailyCap}`);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + LEVEL.monthlyCredits + LEVEL.dailyCap);
  });

  it("a free member surfs with the site's countdown and cap and earns one credit a view; a team's level does not count for surfing", async () => {
    const alice = await signUp(testApp.baseUrl);
    const pid = await promotedPost(alice, 10);
    const carol = await surfer(testApp.baseUrl);
    const team = await createTeam(carol);
    await storedMembership(carol.id, team.id, 0, 30);
    const { ticketId, answer } = await nextTicket(carol.browser, carol.tab);
    expect(answer.data.timer).toBe(0);
    expect(answer.data.m1).toContain('earn 1 credit.');
    expect(await claim(carol.tab, ticketId)).toMatchObject({
      data: { outcome: 'credited', credited: 1, cc: SIGNUP_BONUS_CREDITS + 1, today: { earnedToday: 1, creditsPerView: 1 } },
    });
    expect((await ledgerRowsOfCampaign(db, pid)).slice(2)).toEqual([
      ['campaign', 'view_paid', -1, null],
      ['user', 'view_earned', 1, carol.id],
    ]);

    const { body } = await carol.browser.get<BillingCatalog>(BILLING_ENDPOINTS.catalog);
    expect(body.data!.free).toEqual({
      creditsPerView: 1,
      surfTimerSeconds: 0,
      dailyCap: 500,
      activeCampaigns: FREE_ACTIVE,
      monthlyCredits: 0,
    });
  });

  it('an expired membership gives nothing: the free countdown and one credit a view', async () => {
    const alice = await signUp(testApp.baseUrl);
    await promotedPost(alice, 10);
    const dan = await surfer(testApp.baseUrl);
    await storedMembership(dan.id, null, 90, 30);
    const { ticketId, answer } = await nextTicket(dan.browser, dan.tab);
    expect(answer.data.timer).toBe(0);
    expect(await claim(dan.tab, ticketId)).toMatchObject({ data: { outcome: 'credited', credited: 1 } });
  });
});

/** Creates `count` posts of the current account, each with 5 credits assigned; answers their ids. */
async function posts(member: TestMember, count: number): Promise<number[]> {
  const pids: number[] = [];
  for (let i = 0; i < count; i++) pids.push((await createPost(member.browser)).post.pid);
  return pids;
}

function expectLimit(answer: { status: number; body: { errors: { code: string; limit?: number }[] } }, limit: number) {
  expect(answer.status).toBe(409);
  expect(answer.body.errors).toEqual([expect.objectContaining({ code: ErrorCode.ActiveCampaignsLimit, limit })]);
}

describe('the active campaigns limit', () => {
  it('a free member runs FREE_ACTIVE_CAMPAIGNS campaigns: starting or resuming one more is refused with the limit, and nothing changes', async () => {
    const alice = await signUp(testApp.baseUrl);
    await grantCredits(db, alice.id, 100);
    const [a, b, c] = await posts(alice, 3);
    for (const pid of [a, b]) expect((await campaignCall(alice.browser, pid, 'assign', { amount: 5 })).status).toBe(200);
    const before = await balanceOf(db, alice.id);

    expectLimit(await campaignCall(alice.browser, c, 'assign', { amount: 5 }), FREE_ACTIVE);
    expect((await storedCampaign(db, c)).credits).toBe(0);
    expect(await balanceOf(db, alice.id)).toBe(before);

    // More credits for a running campaign start nothing.
    expect((await campaignCall(alice.browser, a, 'assign', { amount: 5 })).status).toBe(200);
    // Paused, it no longer counts; resumed past the limit, it is refused and stays paused.
    expect((await campaignCall(alice.browser, a, 'pause')).status).toBe(200);
    expect((await campaignCall(alice.browser, c, 'assign', { amount: 5 })).status).toBe(200);
    expectLimit(await campaignCall(alice.browser, a, 'resume'), FREE_ACTIVE);
    expect((await storedCampaign(db, a)).paused).toBe(true);
    // A paused campaign takes credits (it does not run); an empty one resumes (it does not run either).
    const [d] = await posts(alice, 1);
    expect((await campaignCall(alice.browser, d, 'pause')).status).toBe(200);
    expect((await campaignCall(alice.browser, d, 'resume')).status).toBe(200);
    expect((await campaignCall(alice.browser, a, 'assign', { amount: 1 })).status).toBe(200);
  });

  it('activations sent at once cannot together pass the limit', async () => {
    const eve = await signUp(testApp.baseUrl);
    await grantCredits(db, eve.id, 100);
    const pids = await posts(eve, 6);
    const answers = await Promise.all(pids.map((pid) => campaignCall(eve.browser, pid, 'assign', { amount: 5 })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(FREE_ACTIVE);
    for (const answer of answers.filter((one) => one.status !== 200)) expectLimit(answer, FREE_ACTIVE);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM campaigns c JOIN posts p ON p.id = c.post_id WHERE p.user_id = $1 AND c.credits > 0`,
      [eve.id],
    );
    expect(rows[0].n).toBe(FREE_ACTIVE);
  });

  it("a member with a level runs its number; another member's campaign answers not found, never the limit", async () => {
    const bob = await signUp(testApp.baseUrl);
    await grantCredits(db, bob.id, 100);
    await storedMembership(bob.id, null, 0, 30);
    const pids = await posts(bob, LEVEL.activeCampaigns + 1);
    for (const pid of pids.slice(0, LEVEL.activeCampaigns)) {
      expect((await campaignCall(bob.browser, pid, 'assign', { amount: 5 })).status).toBe(200);
    }
    expectLimit(await campaignCall(bob.browser, pids[LEVEL.activeCampaigns], 'assign', { amount: 5 }), LEVEL.activeCampaigns);

    expect((await campaignCall(bob.browser, pids[0], 'pause')).status).toBe(200);
    const mallory = await signUp(testApp.baseUrl);
    await grantCredits(db, mallory.id, 10);
    for (const pid of await posts(mallory, FREE_ACTIVE)) await campaignCall(mallory.browser, pid, 'assign', { amount: 1 });
    const resumed = await campaignCall(mallory.browser, pids[0], 'resume');
    expect(resumed.status).toBe(404);
    expect((await storedCampaign(db, pids[0])).paused).toBe(true);
  });

  it("a team's campaigns follow the team's membership, not the acting member's", async () => {
    const owner = await signUp(testApp.baseUrl);
    await storedMembership(owner.id, null, 0, 30);
    const team = await createTeam(owner);
    await grantCredits(db, owner.id, 100);
    actAs(owner, team.id);
    expect((await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 100 })).status).toBe(200);
    const pids = await posts(owner, LEVEL.activeCampaigns + 1);
    for (const pid of pids.slice(0, FREE_ACTIVE)) {
      expect((await campaignCall(owner.browser, pid, 'assign', { amount: 5 })).status).toBe(200);
    }
    expectLimit(await campaignCall(owner.browser, pids[FREE_ACTIVE], 'assign', { amount: 5 }), FREE_ACTIVE);

    await storedMembership(owner.id, team.id, 0, 30);
    expect((await campaignCall(owner.browser, pids[FREE_ACTIVE], 'assign', { amount: 5 })).status).toBe(200);
    expectLimit(await campaignCall(owner.browser, pids[LEVEL.activeCampaigns], 'assign', { amount: 5 }), LEVEL.activeCampaigns);
    expect((await storedTeam(db, team.id)).credits).toBe(100 - 5 * LEVEL.activeCampaigns);
  });
});

describe('the monthly grant', () => {
  it('grants the first month at purchase, each month once however often the job runs, and nothing for an ended period', async () => {
    const bob = await signUp(testApp.baseUrl);
    const membership = await buyLevel(bob);
    expect(await grantRows(membership)).toEqual([[`grant:${membership}:0`, 'user', LEVEL.monthlyCredits]]);
    await runGrants();
    await runGrants();
    expect(await grantRows(membership)).toHaveLength(1);

    // 31 days later (the period moved back; it lasts 60 days): the second month, once.
    await db.query(
      `UPDATE memberships SET starts_at = starts_at - interval '31 days', ends_at = ends_at - interval '31 days' WHERE id = $1`,
      [membership],
    );
    await Promise.all([runGrants(), runGrants()]);
    await runGrants();
    expect(await grantRows(membership)).toEqual([
      [`grant:${membership}:0`, 'user', LEVEL.monthlyCredits],
      [`grant:${membership}:1`, 'user', LEVEL.monthlyCredits],
    ]);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 2 * LEVEL.monthlyCredits);

    const ended = await storedMembership(bob.id, null, 90, 30);
    const queued = await storedMembership(bob.id, null, -20, 30);
    await runGrants();
    expect(await grantRows(ended)).toEqual([]);
    expect(await grantRows(queued)).toEqual([]);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 2 * LEVEL.monthlyCredits);
  });

  it("a team's membership grants to the team's balance", async () => {
    const owner = await signUp(testApp.baseUrl);
    const team = await createTeam(owner);
    const membership = await storedMembership(owner.id, team.id, 0, 30);
    await runGrants();
    await runGrants();
    expect(await grantRows(membership)).toEqual([[`grant:${membership}:0`, 'team', LEVEL.monthlyCredits]]);
    expect((await storedTeam(db, team.id)).credits).toBe(LEVEL.monthlyCredits);
    expect(await balanceOf(db, owner.id)).toBe(SIGNUP_BONUS_CREDITS);
  });
});
