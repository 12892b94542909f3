import type { ReviewCategory, ReviewEvidence } from '../../shared/admin/earnings-review.js';
import { ADMIN_FRAUD_ENDPOINTS, type FraudQueueRow, type FraudRefundResult } from '../../shared/admin/fraud.js';
import type { Paged } from '../../shared/accounts/account.answers.js';
import type { SurfClaimOutcome } from '../../shared/surf/surf-outcomes.js';
import type { ClickTelemetry } from '../../shared/surf/surf.js';
import { EarningsReviewService, type ReviewRun } from '../../server/src/earnings/earnings-review.service.js';
import { HUMAN_READING_MS, SHARED_ADDRESS_ACCOUNTS } from '../../server/src/earnings/review-rules.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { Dice, surferFrom } from '../support/bots.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { useAdmin } from '../support/socket-fixtures.js';
import {
  assignCredits,
  balanceOf,
  botClick,
  challengeCodeOf,
  claim,
  expectLedgerBalanced,
  grantCredits,
  humanClick,
  nextTicket,
  promotedPost,
  riskOf,
  setTestTimeout,
  storedCampaign,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { fetchRaw } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * The earnings review: members surf as each kind of invalid traffic does (two accounts on one
 * device, a bot answering the challenge's picture in 100 ms, wrong answers, a batch of new accounts
 * on one address, accounts on one address, one script's timing on three accounts, a script that
 * gets itself stopped), then the review runs; their views still in review are voided under the
 * category, the advertisers get their credits back, the member loses exactly what those views
 * earned and is told, the audit log holds the evidence, a second review changes nothing. An honest
 * newcomer is never voided. Countdown 0 s (the server's click delay is the time from the ticket's
 * issue to the claim), challenges on, earnings in review for a day.
 */
setTestTimeout(import.meta, 90_000);

const testApp = useSurfTestApp({
  surf: { timerSeconds: 0, challenges: true },
  trustProxy: ['127.0.0.1'],
  socketEventsPerWindow: 1000,
});
const { db } = testApp;
const admin = useAdmin(testApp);

type Surfer = TestMember & { tab: TestSocket };

const review = (): Promise<ReviewRun> => testApp.app.get(EarningsReviewService).reviewNow();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A person reads a challenge's picture in longer than the review's HUMAN_READING_MS. */
const PERSON_READS_MS = HUMAN_READING_MS + 400;

/** An owner's `count` new posts with `credits` each (a post is credited to a viewer once a day). */
async function postsWith(count: number, credits = 10): Promise<number[]> {
  const owner = await signUp(testApp.baseUrl);
  await grantCredits(db, owner.id, count * credits);
  const pids: number[] = [];
  for (let i = 0; i < count; i++) pids.push(await promotedPost(owner, credits));
  return pids;
}

async function surfer(browser = new TestBrowser(testApp.baseUrl)): Promise<Surfer> {
  const member = await signUp(testApp.baseUrl, {}, browser);
  return Object.assign(member, { tab: await connectSocket(testApp.baseUrl, member.browser) });
}

/** A new member signed up on another account's browser: a new account, the same device cookie. */
async function onSameDevice(other: Surfer): Promise<Surfer> {
  const browser = new TestBrowser(testApp.baseUrl);
  browser.cookies.set('did', other.browser.cookies.get('did')!);
  return surfer(browser);
}

/** How a view is made. */
interface ViewPlan {
  /** When the claim leaves, in ms after the ticket's issue (with no countdown: the server's click delay). */
  claimAfterMs?: number | (() => number);
  /** From loading the challenge's picture to the claim, when the view is challenged. */
  readMs?: number;
  /** Answer the challenge with a wrong code. */
  wrong?: boolean;
  telemetry?: () => ClickTelemetry;
}

/** GETs the challenge's picture as the member's browser (its cookies and address), as the page's <img> does. */
async function loadPicture(member: Surfer, path: string): Promise<void> {
  const cookie = [...member.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetchRaw(testApp.baseUrl, path, { headers: { ...member.browser.headers, cookie } });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

/** One view as planned: the next post, its challenge read (picture loaded, code picked), the claim. */
async function view(member: Surfer, plan: ViewPlan = {}): Promise<{ ticketId: string; outcome: SurfClaimOutcome }> {
  const { ticketId, answer } = await nextTicket(member.browser, member.tab);
  const issuedAt = answer.ticket!.issuedAt;
  let code: string | undefined;
  if (answer.data.challengeImage) {
    await loadPicture(member, answer.data.challengeImage);
    const right = (await challengeCodeOf(db, ticketId))!;
    code = plan.wrong ? answer.data.codes!.find((option) => option !== right)! : right;
    await sleep(plan.readMs ?? PERSON_READS_MS);
  }
  const after = typeof plan.claimAfterMs === 'function' ? plan.claimAfterMs() : (plan.claimAfterMs ?? 0);
  await sleep(issuedAt + after - Date.now());
  const ack = await claim(member.tab, ticketId, plan.telemetry?.() ?? humanClick(), code);
  if (!('data' in ack)) throw new Error(`claim refused: ${JSON.stringify(ack)}`);
  return { ticketId, outcome: ack.data.outcome };
}

/** Views as planned until `count` were credited; answers their tickets. */
async function creditedViews(member: Surfer, count: number, plan: ViewPlan = {}): Promise<string[]> {
  const credited: string[] = [];
  for (let tries = 0; credited.length < count; tries++) {
    if (tries > count + 5) throw new Error(`${member.username}: only ${credited.length} of ${count} views credited`);
    const { ticketId, outcome } = await view(member, plan);
    if (outcome === 'credited') credited.push(ticketId);
  }
  return credited;
}

/** The member's views in review: credited, not matured, not voided, with what each earned. */
async function pendingOf(userId: number): Promise<{ id: string; earned: number; pid: number }[]> {
  const { rows } = await db.query(
    `SELECT id, earned, post_id AS pid FROM view_tickets
      WHERE viewer_id = $1 AND status = 'claimed' AND matures_at > now() AND voided_at IS NULL ORDER BY claimed_at`,
    [userId],
  );
  return rows;
}

/** What a member held before the review: their balance and their views in review. */
interface Before {
  member: Surfer;
  balance: number;
  pending: { id: string; earned: number; pid: number }[];
}

async function before(members: Surfer[]): Promise<Before[]> {
  const held: Before[] = [];
  for (const member of members)
    held.push({ member, balance: await balanceOf(db, member.id), pending: await pendingOf(member.id) });
  return held;
}

async function campaignCredits(pids: number[]): Promise<number[]> {
  const credits: number[] = [];
  for (const pid of pids) credits.push((await storedCampaign(db, pid)).credits);
  return credits;
}

/** The audit entries of the review's voids of the member, newest first. */
async function voidAudits(
  userId: number,
): Promise<{ admin_id: number | null; before: Record<string, unknown>; after: Record<string, unknown> }[]> {
  const { rows } = await db.query(
    `SELECT admin_id, before, after FROM admin_audit
      WHERE action = 'earnings_voided' AND target_type = 'user' AND target_id = $1 ORDER BY id DESC`,
    [String(userId)],
  );
  return rows;
}

async function voidNotices(userId: number): Promise<{ heading: string; body: string; link: string }[]> {
  const { rows } = await db.query(
    `SELECT heading, body, link FROM notifications WHERE user_id = $1 AND type = 'earnings_voided' ORDER BY id`,
    [userId],
  );
  return rows;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Every view the member had in review is voided under `category` and nothing else of theirs is,
 * each paid back to its campaign (or, `refundedTo` 'user', to a deleted post's writer);
 * the member lost exactly what those views earned, was told once, and the audit entry (the site's,
 * no admin) holds evidence matching `evidence`.
 */
async function expectVoided(
  held: Before,
  category: ReviewCategory,
  evidence: Partial<ReviewEvidence>,
  refundedTo: 'campaign' | 'user' = 'campaign',
): Promise<void> {
  const { member, balance, pending } = held;
  expect(pending.length).toBeGreaterThan(0);
  const { rows: voided } = await db.query(
    `SELECT id, void_reason FROM view_tickets WHERE viewer_id = $1 AND voided_at IS NOT NULL ORDER BY claimed_at`,
    [member.id],
  );
  expect(voided).toEqual(pending.map(({ id }) => ({ id, void_reason: category })));
  const earned = pending.reduce((sum, view) => sum + view.earned, 0);
  expect(await balanceOf(db, member.id)).toBe(balance - earned);
  // A deleted post's writer's refund and the member's row are both a member's: they take a key each.
  const memberKey = (id: string) => (refundedTo === 'user' ? `void:${id}:viewer` : `void:${id}`);
  const { rows: ledger } = await db.query(
    `SELECT idempotency_key, account, kind, amount::int FROM credit_ledger WHERE idempotency_key = ANY($1) ORDER BY id`,
    [pending.flatMap(({ id }) => [`void:${id}`, memberKey(id)])],
  );
  expect(ledger).toEqual(
    pending.flatMap(({ id, earned: credits }) => [
      { idempotency_key: `void:${id}`, account: refundedTo, kind: 'view_refunded', amount: 1 },
      { idempotency_key: memberKey(id), account: 'user', kind: 'view_voided', amount: -credits },
    ]),
  );
  expect(await voidNotices(member.id)).toEqual([
    {
      heading: 'Some recent views were not counted',
      body: expect.stringMatching(
        new RegExp(
          `^We did not count ${plural(pending.length, 'view')} \\(${plural(earned, 'credit')}\\) you made recently: .+\\. ` +
            'The advertisers got their credits back\\. Credits you had already been able to spend are not affected\\. ' +
            'If you think we got it wrong, write to us from the Contact page\\.$',
        ),
      ),
      link: '/contact',
    },
  ]);
  const [audit, ...older] = await voidAudits(member.id);
  expect(older).toEqual([]);
  expect(audit).toMatchObject({
    admin_id: null,
    before: { pendingViews: pending.length, pendingCredits: earned, memberCredits: balance },
    after: { category, evidence: { category, ...evidence }, voidedViews: pending.length, takenFromMember: earned },
  });
}

/** A second review voids nothing, writes no ledger row and tells nobody again. */
async function expectSecondReviewChangesNothing(members: Surfer[]): Promise<void> {
  const rows = async () => Number((await db.query(`SELECT count(*) FROM credit_ledger`)).rows[0].count);
  const ledgerRows = await rows();
  expect(await review()).toEqual({ ran: true, voided: [] });
  expect(await rows()).toBe(ledgerRows);
  for (const member of members) expect(await voidNotices(member.id)).toHaveLength(1);
}

describe('the earnings review voids', () => {
  it('the views in review of two accounts surfing from one device, refunding the advertisers; a view that matured stays', async () => {
    const pids = await postsWith(5);
    const first = await surfer();
    const second = await onSameDevice(first);
    for (const member of [first, second]) await creditedViews(member, 3);
    // One of the first account's views has already matured: it is theirs to keep.
    const [matured] = (await pendingOf(first.id)).map(({ id }) => id);
    await db.query(`UPDATE view_tickets SET matures_at = now() - interval '1 minute' WHERE id = $1`, [matured]);
    const held = await before([first, second]);
    const campaigns = await campaignCredits(pids);

    const run = await review();

    expect(run.ran).toBe(true);
    expect(run.voided.map((done) => [done.userId, done.category, done.views])).toEqual([
      [first.id, 'shared_device', 2],
      [second.id, 'shared_device', 3],
    ]);
    await expectVoided(held[0], 'shared_device', { accounts: [second.id] });
    await expectVoided(held[1], 'shared_device', { accounts: [first.id] });
    expect((await db.query(`SELECT voided_at FROM view_tickets WHERE id = $1`, [matured])).rows[0].voided_at).toBeNull();
    // Each campaign got back one credit per voided view of it.
    const refunded = pids.map((pid) => held.flatMap((h) => h.pending).filter((view) => view.pid === pid).length);
    expect(await campaignCredits(pids)).toEqual(campaigns.map((credits, i) => credits + refunded[i]));
    await expectLedgerBalanced(db);
    await expectSecondReviewChangesNothing([first, second]);

    // The admin fraud queue shows both, though neither has a surf score, with the review's evidence.
    const queue = await admin.browser.get<Paged<FraudQueueRow>>(ADMIN_FRAUD_ENDPOINTS.queue);
    const row = queue.body.data!.items.find((item) => item.id === second.id)!;
    expect(row).toMatchObject({
      riskScore: 0,
      reviewVoids: { views: 3, byCategory: [{ category: 'shared_device', views: 3 }] },
      latestReviewVoid: { category: 'shared_device', views: 3, evidence: { category: 'shared_device', accounts: [first.id] } },
    });

    // Surfing on the same way, their next views are voided at the next review, but they were told today already.
    for (const member of [first, second]) await creditedViews(member, 1);
    expect((await review()).voided.map((done) => [done.userId, done.views])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
    for (const member of [first, second]) {
      expect(await voidNotices(member.id)).toHaveLength(1);
      expect(await voidAudits(member.id)).toHaveLength(2);
    }
  });

  it('the views of a post deleted since, refunding its writer’s balance as deleting it returned its campaign’s credits', async () => {
    const writer = await signUp(testApp.baseUrl);
    await grantCredits(db, writer.id, 10);
    const pid = await promotedPost(writer, 10);
    const first = await surfer();
    const second = await onSameDevice(first);
    for (const member of [first, second]) await creditedViews(member, 1);
    expect((await writer.browser.delete(`/data/posts/${pid}`)).status).toBe(200);
    const writerHeld = await balanceOf(db, writer.id);
    const held = await before([first, second]);

    await review();

    await expectVoided(held[0], 'shared_device', { accounts: [second.id] }, 'user');
    await expectVoided(held[1], 'shared_device', { accounts: [first.id] }, 'user');
    expect(await balanceOf(db, writer.id)).toBe(writerHeld + 2);
    await expectSecondReviewChangesNothing([first, second]);
  });

  it('the views of a bot that answers the challenge’s picture 100 ms after fetching it', async () => {
    await postsWith(3);
    const bot = await surfer();
    const [first] = await creditedViews(bot, 3, { readMs: 100 });
    const held = await before([bot]);

    const run = await review();

    expect(run.voided.find((done) => done.userId === bot.id)?.category).toBe('inhuman_latency');
    await expectVoided(held[0], 'inhuman_latency', {});
    const [audit] = await voidAudits(bot.id);
    const { views } = audit.after.evidence as Extract<ReviewEvidence, { category: 'inhuman_latency' }>;
    expect(views[0]).toEqual({ ticketId: first, latencyMs: expect.any(Number) });
    expect(views[0].latencyMs).toBeGreaterThanOrEqual(100);
    expect(views[0].latencyMs).toBeLessThan(HUMAN_READING_MS);
    await expectLedgerBalanced(db);
    await expectSecondReviewChangesNothing([bot]);
  });

  it('the views of a member who answered two challenges wrong', async () => {
    await postsWith(6);
    const member = await surfer();
    // The first view is challenged (a new account's first), and every view after a wrong answer is.
    expect((await view(member, { wrong: true })).outcome).toBe('wrong_code');
    expect((await view(member)).outcome).toBe('rechecked');
    await creditedViews(member, 1);
    expect((await view(member, { wrong: true })).outcome).toBe('wrong_code');
    const held = await before([member]);

    await review();

    await expectVoided(held[0], 'wrong_answers', { wrongCodes: 2, recentAnswers: [false, true, true, false] });
    await expectSecondReviewChangesNothing([member]);
  });

  it('the views of three accounts created within the hour from one address', async () => {
    await postsWith(3);
    const address = '203.0.113.30';
    const burst = [];
    for (let i = 0; i < 3; i++) burst.push(await surferFrom(testApp.baseUrl, address));
    for (const member of burst) await creditedViews(member, 2);
    const held = await before(burst);

    await review();

    for (const [i, member] of burst.entries()) {
      await expectVoided(held[i], 'fresh_account_burst', {
        by: 'address',
        address,
        accounts: burst.filter((other) => other !== member).map((other) => other.id),
      });
    }
    await expectSecondReviewChangesNothing(burst);
  });

  it(`the views of ${SHARED_ADDRESS_ACCOUNTS} accounts of different days surfing from one address`, async () => {
    await postsWith(2);
    const address = '203.0.113.40';
    const members = [];
    for (let i = 0; i < SHARED_ADDRESS_ACCOUNTS; i++) members.push(await surferFrom(testApp.baseUrl, address));
    // Made on different days: no burst of new accounts, only the address they share.
    for (const [i, member] of members.entries()) {
      await db.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [member.id, 2 + i]);
    }
    for (const member of members) await creditedViews(member, 2);
    const held = await before(members);

    await review();

    for (const [i, member] of members.entries()) {
      await expectVoided(held[i], 'shared_address', {
        address,
        accounts: members.filter((other) => other !== member).map((other) => other.id),
      });
    }
    await expectSecondReviewChangesNothing(members);
  });

  it('the views of three accounts clicking with one script’s timing, each on its own device', async () => {
    await postsWith(9);
    const scripted = [await surfer(), await surfer(), await surfer()];
    // The same programmed wait on each account: 1.1 s after the post shows, a challenge read for 0.9 s of it.
    await Promise.all(scripted.map((member) => creditedViews(member, 8, { claimAfterMs: 1100, readMs: 900 })));
    const held = await before(scripted);

    await review();

    for (const [i, member] of scripted.entries()) {
      // The others in the order of their medians.
      await expectVoided(held[i], 'timing_signature', { views: 8 });
      const [audit] = await voidAudits(member.id);
      const evidence = audit.after.evidence as Extract<ReviewEvidence, { category: 'timing_signature' }>;
      expect(evidence.others.map((other) => other.userId).sort((a, b) => a - b)).toEqual(
        scripted.filter((other) => other !== member).map((other) => other.id),
      );
      for (const { medianMs, spreadMs } of [evidence, ...evidence.others]) {
        expect(spreadMs).toBeLessThan(150);
        expect(Math.abs(medianMs - 1100)).toBeLessThan(150);
      }
    }
    await expectSecondReviewChangesNothing(scripted);
  });

  it('the views a member earned before a script of theirs got their earning stopped', async () => {
    await postsWith(8);
    const member = await surfer();
    await creditedViews(member, 2);
    // Then a script takes over: untrusted clicks from a hidden tab, until the surf score stops it.
    for (let i = 0; i < 6 && !(await riskOf(db, member.id)).blocked; i++) await view(member, { telemetry: () => botClick() });
    expect((await riskOf(db, member.id)).blocked).toBe(true);
    const held = await before([member]);

    await review();

    await expectVoided(held[0], 'stopped', { signals: expect.arrayContaining(['scripted']) });
    await expectSecondReviewChangesNothing([member]);
  });
});

describe('the earnings review leaves alone', () => {
  it('an honest newcomer on their own device, at a person’s pace, with one wrong answer', async () => {
    await postsWith(5);
    const member = await surfer();
    const dice = new Dice(7);
    const personally = { claimAfterMs: () => PERSON_READS_MS + dice.logNormal(1200, 0.35) };
    expect((await view(member, { ...personally, wrong: true })).outcome).toBe('wrong_code');
    expect((await view(member, personally)).outcome).toBe('rechecked');
    await creditedViews(member, 3, personally);
    const held = await before([member]);
    expect(held[0].pending).toHaveLength(3);

    const run = await review();

    expect(run.voided.map((done) => done.userId)).not.toContain(member.id);
    expect(await pendingOf(member.id)).toEqual(held[0].pending);
    expect(await balanceOf(db, member.id)).toBe(held[0].balance);
    expect(await voidNotices(member.id)).toEqual([]);
    expect(await voidAudits(member.id)).toEqual([]);
  });
});

describe('an admin’s refund and the review', () => {
  it('never take one view twice: a refund voids what it refunds, and skips what the review voided', async () => {
    const pids = await postsWith(3);
    const first = await surfer();
    const second = await onSameDevice(first);
    await creditedViews(first, 2);
    await creditedViews(second, 2);
    const refund = (member: Surfer) => admin.browser.post<FraudRefundResult>(ADMIN_FRAUD_ENDPOINTS.refund(member.id), {});

    // The admin refunds the first account's views while they are in review: the review leaves them.
    const refunded = await refund(first);
    expect(refunded.body.data).toMatchObject({ views: 2, advertiserCredits: 2 });
    expect(await pendingOf(first.id)).toEqual([]);
    const { rows } = await db.query(`SELECT DISTINCT void_reason FROM view_tickets WHERE viewer_id = $1 AND status = 'claimed'`, [
      first.id,
    ]);
    expect(rows).toEqual([{ void_reason: 'admin' }]);
    const campaigns = await campaignCredits(pids);
    const run = await review();
    expect(run.voided.map((done) => done.userId)).not.toContain(first.id);
    // Alone with views in review on the device now, the second account is not voided either.
    expect(run.voided.map((done) => done.userId)).not.toContain(second.id);
    expect(await campaignCredits(pids)).toEqual(campaigns);

    // Once the review voided the second account's views (a third account on the device), a refund finds none of them.
    const third = await onSameDevice(second);
    await creditedViews(third, 1);
    await review();
    expect(await pendingOf(second.id)).toEqual([]);
    expect((await refund(second)).body.data).toMatchObject({ views: 0, advertiserCredits: 0 });
    expect((await refund(first)).body.data).toMatchObject({ views: 0 });
    await expectLedgerBalanced(db);
  });
});

describe('a void racing the member', () => {
  it('leaves the ledger balanced and the balance never short of what is in review, whatever commits first', async () => {
    await postsWith(6);
    const first = await surfer();
    const second = await onSameDevice(first);
    await creditedViews(first, 2);
    await creditedViews(second, 2);
    await grantCredits(db, first.id, 20);
    const ownPost = await promotedPost(first, 0);
    // The review, a spend of the credits available and a claim of the first account, at once.
    const { ticketId } = await nextTicket(first.browser, first.tab);
    const code = (await challengeCodeOf(db, ticketId)) ?? undefined;
    await sleep(code ? PERSON_READS_MS : 0);
    const [run, , claimed] = await Promise.all([
      review(),
      assignCredits(first.browser, ownPost, 15),
      claim(first.tab, ticketId, humanClick(), code),
    ]);

    expect(run.voided.map((done) => done.userId)).toContain(first.id);
    expect('data' in claimed && claimed.data.outcome).toBe('credited');
    expect((await storedCampaign(db, ownPost)).credits).toBe(15);
    await expectLedgerBalanced(db);
    const pending = (await pendingOf(first.id)).reduce((sum, view) => sum + view.earned, 0);
    expect(await balanceOf(db, first.id)).toBeGreaterThanOrEqual(pending);
  });
});
