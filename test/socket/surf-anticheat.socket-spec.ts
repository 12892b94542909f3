import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import type { SurfClaimOutcome } from '../../shared/surf/surf-outcomes.js';
import type { ClickTelemetry, SurfClaimAnswer } from '../../shared/surf/surf.js';
import { ANSWERS_KEPT, BLOCK_AT, CHALLENGE_AT, WRONG_CODES_TO_STOP } from '../../server/src/surf/risk-thresholds.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { TestBrowser } from '../support/test-browser.js';
import { signUpAdmin } from '../support/socket-fixtures.js';
import {
  askForCodeNext,
  balanceOf,
  botClick,
  challengeCodeOf,
  claim,
  claimWithNext,
  creditedClaim,
  grantCredits,
  humanClick,
  nextTicket,
  ofStanding,
  promotedPost,
  riskOf,
  setTestTimeout,
  storedCampaign,
  surfer,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/** The surf score and what it refuses, with verification challenges on (the countdown's own signals: surf-server-signals). */
setTestTimeout(import.meta);

let admins: TestMember[];

// The newcomer's 101 views come faster than a person's: the socket's event limit is raised for them.
const testApp = useSurfTestApp({ surf: { challenges: true }, socketEventsPerWindow: 1000 });
const { db } = testApp;

beforeAll(async () => {
  admins = [await signUpAdmin(testApp.baseUrl, db), await signUpAdmin(testApp.baseUrl, db)];
});

type Surfer = TestMember & { tab: TestSocket };

/** A member past probation (probation: the next describe), so that one challenge is one the rule under test asked for. */
async function surferOfStanding(): Promise<Surfer> {
  const member = await surfer(testApp.baseUrl);
  await ofStanding(db, member.id);
  return member;
}

/** A poster with `count` posts of `credits` each (one view per post and viewer a day). */
async function posterWith(count: number, credits = 2): Promise<{ poster: TestMember; pids: number[] }> {
  const poster = await signUp(testApp.baseUrl);
  const pids: number[] = [];
  for (let i = 0; i < count; i++) pids.push(await promotedPost(poster, credits));
  return { poster, pids };
}

/** One view, answering its challenge right when there is one (read from the database); answers the outcome and the score after it. */
async function view(viewer: Surfer, telemetry: ClickTelemetry): Promise<{ outcome: SurfClaimOutcome; score: number }> {
  const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
  const answer = await claim(viewer.tab, ticketId, telemetry, (await challengeCodeOf(db, ticketId)) ?? undefined);
  if (!('data' in answer)) throw new Error(`claim refused: ${JSON.stringify(answer)}`);
  return { outcome: answer.data.outcome, score: (await riskOf(db, viewer.id)).score };
}

function settled(answer: Awaited<ReturnType<typeof claim>>): SurfClaimAnswer {
  if (!('data' in answer)) throw new Error(`claim refused: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The member's next ticket, and a code that is not its right one. */
async function wronglyAnswered(viewer: Surfer): Promise<SurfClaimAnswer> {
  await askForCodeNext(db, viewer.id);
  const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
  const code = await challengeCodeOf(db, ticketId);
  expect(code).not.toBeNull();
  return settled(await claim(viewer.tab, ticketId, humanClick(), code === 'AAAA' ? 'BBBB' : 'AAAA'));
}

describe('when a view asks for a code', () => {
  it("a new account's first view asks for a code, answered right it is credited; a member of standing is not asked after a break", async () => {
    await posterWith(5);
    await posterWith(1);
    const newcomer = await surfer(testApp.baseUrl);
    const first = await nextTicket(newcomer.browser, newcomer.tab);
    expect(first.answer.data.codes).not.toBeNull();
    const code = await challengeCodeOf(db, first.ticketId);
    expect(first.answer.data.codes).toContain(code);
    await creditedClaim(newcomer.tab, first.ticketId, humanClick(), code!);
    expect(await riskOf(db, newcomer.id)).toEqual({ score: 0, blocked: false });
    expect(await balanceOf(db, newcomer.id)).toBe(SIGNUP_BONUS_CREDITS + 1);

    const bob = await surferOfStanding();
    await db.query(`UPDATE users SET last_claim_at = now() - interval '31 minutes' WHERE id = $1`, [bob.id]);
    for (let i = 0; i < 4; i++) {
      const { ticketId, answer } = await nextTicket(bob.browser, bob.tab);
      expect(answer.data).toMatchObject({ codes: null, challengeImage: null, message: null });
      expect(await challengeCodeOf(db, ticketId)).toBeNull();
      await creditedClaim(bob.tab, ticketId, humanClick());
    }
    expect(await riskOf(db, bob.id)).toEqual({ score: 0, blocked: false });
  });

  it(`from a score of ${CHALLENGE_AT} every view asks for a code; only the right one credits`, async () => {
    const { pids } = await posterWith(4);
    const bob = await surferOfStanding();
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 0 });
    await db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [bob.id, CHALLENGE_AT]);
    const balance = await balanceOf(db, bob.id);

    const challenged = await nextTicket(bob.browser, bob.tab);
    expect(challenged.answer.data.codes).not.toBeNull();
    expect(await claim(bob.tab, challenged.ticketId, humanClick())).toMatchObject({
      data: { outcome: 'wrong_code', credited: 0, cc: balance, message: expect.stringMatching(/not the code shown/) },
    });
    expect(await ticketStatus(db, challenged.ticketId)).toBe('uncredited');
    expect((await storedCampaign(db, challenged.pid)).credits).toBe(2);
    // A ticket closed without credit cannot be retried with the right code.
    const code = await challengeCodeOf(db, challenged.ticketId);
    expect(await claim(bob.tab, challenged.ticketId, humanClick(), code!)).toEqual({
      error: { code: 'closed_without_credit', message: 'This view cannot be counted any more.' },
    });

    // One right pick just after a wrong one could be a guess (one in the options shown): not credited yet.
    const recheck = await nextTicket(bob.browser, bob.tab);
    expect(recheck.answer.data.codes).not.toBeNull();
    expect(await claim(bob.tab, recheck.ticketId, humanClick(), (await challengeCodeOf(db, recheck.ticketId))!)).toMatchObject({
      data: { outcome: 'rechecked', credited: 0, cc: balance, message: expect.stringMatching(/answer the next one right/) },
    });

    const right = await nextTicket(bob.browser, bob.tab);
    expect(right.answer.data.codes).not.toBeNull();
    expect(await claim(bob.tab, right.ticketId, humanClick(), (await challengeCodeOf(db, right.ticketId))!)).toEqual({
      data: { outcome: 'credited', credited: 1, cc: balance + 1, message: 'Credit earned!', today: expect.any(Object) },
    });
    expect(pids).toContain(right.pid);
    // The wrong answer added 30; each right one, a clean click, took 5 and 20 off.
    expect((await riskOf(db, bob.id)).score).toBe(CHALLENGE_AT + 30 - 25 - 25);
  });
});

describe('how often an honest member is asked', () => {
  it('a newcomer answers their first view, then one at a random place in each stretch of 25 views', async () => {
    for (let i = 0; i < 6; i++) {
      const poster = await signUp(testApp.baseUrl);
      await grantCredits(db, poster.id, 20);
      for (let j = 0; j < 20; j++) await promotedPost(poster, 1);
    }
    const newcomer = await surfer(testApp.baseUrl);
    const challenged: number[] = [];
    for (let i = 0; i <= 100; i++) {
      const { ticketId, answer } = await nextTicket(newcomer.browser, newcomer.tab);
      if (answer.data.codes !== null) challenged.push(i);
      await creditedClaim(newcomer.tab, ticketId, humanClick(), (await challengeCodeOf(db, ticketId)) ?? undefined);
    }
    // The first view, then one in each of views 1-25, 26-50, 51-75 and 76-100: 3 of the first 40 at most.
    expect(challenged).toHaveLength(5);
    expect(challenged[0]).toBe(0);
    challenged.slice(1).forEach((view, stretch) => {
      expect(view).toBeGreaterThanOrEqual(25 * stretch + 1);
      expect(view).toBeLessThanOrEqual(25 * stretch + 25);
    });
    expect(await riskOf(db, newcomer.id)).toEqual({ score: 0, blocked: false });
  });
});

describe('views the client reports as scripted or unseen', () => {
  it('an untrusted click is settled as scripted: no credit, a clear message, the score rises by 25, and the next post comes', async () => {
    const { pids } = await posterWith(3);
    const bob = await surferOfStanding();
    await askForCodeNext(db, bob.id);
    const { ticketId, pid } = await nextTicket(bob.browser, bob.tab);
    const code = (await challengeCodeOf(db, ticketId))!;
    const answer = settled(await claimWithNext(bob.tab, ticketId, humanClick({ isTrusted: false }), code));
    expect(answer).toMatchObject({
      outcome: 'scripted',
      credited: 0,
      cc: SIGNUP_BONUS_CREDITS,
      message: expect.stringMatching(/did not come from you pressing Next/),
    });
    expect(answer.next?.ticket).not.toBeNull();
    expect(pids).toContain(answer.next!.post!.pid);
    expect(await ticketStatus(db, ticketId)).toBe('uncredited');
    expect((await storedCampaign(db, pid)).credits).toBe(2);
    expect(await riskOf(db, bob.id)).toEqual({ score: 25, blocked: false });
  });

  it('a key press in a page without focus is scripted too; a click in a hidden tab is unseen (15)', async () => {
    await posterWith(4);
    const carol = await surferOfStanding();
    expect(await view(carol, humanClick({ keyEvent: true, visible: false }))).toEqual({ outcome: 'scripted', score: 40 });
    const dave = await surferOfStanding();
    const hidden = await view(dave, humanClick({ visible: false }));
    expect(hidden).toEqual({ outcome: 'unseen', score: 15 });
    expect(await balanceOf(db, carol.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await balanceOf(db, dave.id)).toBe(SIGNUP_BONUS_CREDITS);
    const { ticketId } = await nextTicket(dave.browser, dave.tab);
    expect(settled(await claim(dave.tab, ticketId, humanClick({ visible: false }))).message).toMatch(/not on screen/);
  });
});

describe('the risk score', () => {
  it('identical repeated intervals and positions raise it; the current click is not compared with itself', async () => {
    await posterWith(4);
    const bob = await surferOfStanding();
    const same = humanClick({ x: 77, y: 88, intervalMs: 12_345 });
    const scores: number[] = [];
    for (let i = 0; i < 3; i++) scores.push((await view(bob, same)).score);
    // Two earlier identical clicks in interval and position: 10 for each repeat beyond the first, of each.
    expect(scores).toEqual([0, 0, 20]);

    // A key press has no position: only its interval is compared.
    await posterWith(4);
    const carol = await surferOfStanding();
    const keys: number[] = [];
    for (let i = 0; i < 3; i++) keys.push((await view(carol, humanClick({ keyEvent: true, intervalMs: 9_000 }))).score);
    expect(keys).toEqual([0, 0, 10]);
  });

  it('a wrong answer is not credited and raises the score by 30', async () => {
    await posterWith(2);
    const bob = await surferOfStanding();
    expect(await wronglyAnswered(bob)).toMatchObject({ outcome: 'wrong_code', credited: 0, cc: SIGNUP_BONUS_CREDITS });
    expect(await riskOf(db, bob.id)).toEqual({ score: 30, blocked: false });
  });

  it(`${WRONG_CODES_TO_STOP} wrong answers among the last ${ANSWERS_KEPT} stop earning, below the block score, right ones between them or not`, async () => {
    await posterWith(3);
    const bob = await surferOfStanding();
    const outcomes: SurfClaimOutcome[] = [(await wronglyAnswered(bob)).outcome];
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    outcomes.push(settled(await claim(bob.tab, ticketId, humanClick(), (await challengeCodeOf(db, ticketId))!)).outcome);
    for (let i = 1; i < WRONG_CODES_TO_STOP; i++) outcomes.push((await wronglyAnswered(bob)).outcome);
    expect(outcomes).toEqual(['wrong_code', 'rechecked', ...Array(WRONG_CODES_TO_STOP - 2).fill('wrong_code'), 'stopped']);
    expect((await riskOf(db, bob.id)).blocked).toBe(true);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it(`${WRONG_CODES_TO_STOP} wrong answers in a row stop earning, below the block score`, async () => {
    await posterWith(4);
    const bob = await surferOfStanding();
    await db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [bob.id, CHALLENGE_AT]);
    const outcomes: SurfClaimOutcome[] = [];
    for (let i = 0; i < WRONG_CODES_TO_STOP; i++) outcomes.push((await wronglyAnswered(bob)).outcome);
    expect(outcomes).toEqual([...Array(WRONG_CODES_TO_STOP - 1).fill('wrong_code'), 'stopped']);
    const risk = await riskOf(db, bob.id);
    expect(risk.blocked).toBe(true);
    expect(risk.score).toBeLessThan(BLOCK_AT);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('hours of surfing without a break of 15 minutes raise the score a little on every view', async () => {
    await posterWith(2);
    const bob = await surferOfStanding();
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 0 });
    await db.query(`UPDATE users SET surf_streak_start = now() - interval '3 hours 1 minute' WHERE id = $1`, [bob.id]);
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 5 });
    const { rows } = await db.query(`SELECT risk_evidence FROM users WHERE id = $1`, [bob.id]);
    expect(rows[0].risk_evidence.map((claim: { signals: string[] }) => claim.signals)).toEqual([['no_break']]);
  });

  it('many accounts surfing from one address raise the score at the first claim of each one’s session', async () => {
    await posterWith(2);
    const others = [await surfer(testApp.baseUrl), await surfer(testApp.baseUrl), await surfer(testApp.baseUrl)];
    const bob = await surferOfStanding();
    const address = '203.0.113.45';
    for (const member of [...others, bob]) await db.query(`UPDATE sessions SET ip = $2 WHERE user_id = $1`, [member.id, address]);
    await db.query(`UPDATE users SET last_claim_at = now() - interval '1 hour' WHERE id = ANY($1)`, [others.map((o) => o.id)]);
    // The session's first view: the address (25).
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 25 });
    const { rows } = await db.query(`SELECT risk_evidence FROM users WHERE id = $1`, [bob.id]);
    expect(rows[0].risk_evidence).toEqual([{ at: expect.any(String), signals: ['shared_address'], score: 25 }]);
    // Not again within the session: a clean view takes 5 off.
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 20 });
  });

  it('a browser keeps one device id across the accounts it signs up; many accounts surfing from one device raise the score', async () => {
    await posterWith(2);
    const shared = new TestBrowser(testApp.baseUrl);
    const first = await signUp(testApp.baseUrl, {}, shared);
    const second = await signUp(testApp.baseUrl, {}, shared);
    const elsewhere = await surferOfStanding();
    const devices = async (id: number) =>
      (await db.query(`SELECT device FROM sessions WHERE user_id = $1`, [id])).rows.map((row: { device: string }) => row.device);
    const [device] = await devices(first.id);
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(shared.cookies.get('did')).toBe(device);
    expect(await devices(second.id)).toEqual([device]);
    expect(await devices(elsewhere.id)).not.toContain(device);

    // Three more accounts on one device with bob's, on other addresses, that surfed in the last day.
    const others = [await surfer(testApp.baseUrl), await surfer(testApp.baseUrl), await surfer(testApp.baseUrl)];
    const bob = await surferOfStanding();
    for (const [i, member] of [...others, bob].entries())
      await db.query(`UPDATE sessions SET device = $2, ip = $3 WHERE user_id = $1`, [member.id, device, `198.51.100.${i + 1}`]);
    await db.query(`UPDATE users SET last_claim_at = now() - interval '1 hour' WHERE id = ANY($1)`, [others.map((o) => o.id)]);
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 25 });
    const { rows } = await db.query(`SELECT risk_evidence FROM users WHERE id = $1`, [bob.id]);
    expect(rows[0].risk_evidence).toEqual([{ at: expect.any(String), signals: ['shared_device'], score: 25 }]);
  });
});

describe('stopping', () => {
  it('the claim that crosses the block score is not credited', async () => {
    const { pids } = await posterWith(2);
    const bob = await surferOfStanding();
    // Arranged: four earlier clicks on one point (this one repeats them: +30; its right answer: −20),
    // and a score just below the line.
    await db.query(
      `UPDATE users SET risk_score = $2, recent_positions = array_fill(hashtext('411,522'), ARRAY[4]) WHERE id = $1`,
      [bob.id, BLOCK_AT - 5],
    );
    const { ticketId, pid } = await nextTicket(bob.browser, bob.tab);
    const answer = settled(
      await claim(bob.tab, ticketId, humanClick({ x: 411, y: 522 }), (await challengeCodeOf(db, ticketId))!),
    );
    expect(answer).toMatchObject({ outcome: 'stopped', credited: 0, cc: SIGNUP_BONUS_CREDITS });
    expect(answer.message).toMatch(/Earning is paused on your account/);
    expect(answer.message).toContain('/contact');
    expect(await ticketStatus(db, ticketId)).toBe('uncredited');
    expect((await storedCampaign(db, pid)).credits).toBe(2);
    expect(pids).toContain(pid);
    expect(await riskOf(db, bob.id)).toEqual({ score: BLOCK_AT + 5, blocked: true });
  });

  it('a scripted surfer is stopped; every admin is told once, with the signals and when; the member sees why and how to appeal', async () => {
    await posterWith(5);
    await posterWith(2);
    const bob = await surferOfStanding();
    const adminTabs = await Promise.all(admins.map((admin) => connectSocket(testApp.baseUrl, admin.browser)));
    const bystander = await surfer(testApp.baseUrl);

    // The same untrusted click from a hidden tab, at the same place and interval, again and again.
    const outcomes: SurfClaimOutcome[] = [];
    while (!(await riskOf(db, bob.id)).blocked) {
      outcomes.push((await view(bob, botClick())).outcome);
      expect(outcomes.length).toBeLessThan(6);
    }
    expect(outcomes.slice(0, -1).every((outcome) => outcome === 'scripted')).toBe(true);
    expect(outcomes[outcomes.length - 1]).toBe('stopped');
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);

    const { status, body } = await surfNext(bob.browser, bob.tab);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ticket: null,
      post: null,
      emptyReason: 'earning_blocked',
      data: { posts: [], message: expect.stringMatching(/Earning is paused on your account.*\/contact/) },
    });

    for (const adminTab of adminTabs) {
      const [notification] = await adminTab.next('notification:new', undefined, (item) => item.type === 'risk_alert');
      expect(notification).toMatchObject({ type: 'risk_alert', link: `/admin/users/${bob.id}` });
      expect(notification.body).toContain(`#${bob.id}`);
      expect(notification.body).toMatch(/scripted click, hidden tab/);
      expect(notification.body).toMatch(/same point as earlier clicks/);
      expect(notification.body).toMatch(new RegExp(`${new Date().toISOString().slice(0, 10)}T`));
    }
    const { rows } = await db.query(
      `SELECT user_id FROM notifications WHERE type = 'risk_alert' AND link = $1 ORDER BY user_id`,
      [`/admin/users/${bob.id}`],
    );
    expect(rows.map((row) => row.user_id)).toEqual(admins.map((admin) => admin.id).sort((a, b) => a - b));
    await bystander.tab.expectNo('notification:new');
    await bob.tab.expectNo('notification:new');

    // Still stopped from another tab; the bystander earns normally.
    const otherTab = await connectSocket(testApp.baseUrl, bob.browser);
    expect((await surfNext(bob.browser, otherTab)).body.data!.ticket).toBeNull();
    expect((await view(bystander, humanClick())).outcome).toBe('credited');
  });

  it('an admin lifts the stop: earning restored and the score reset, the ledger untouched; a member trying it gets 403', async () => {
    await posterWith(3);
    const bob = await surferOfStanding();
    expect((await view(bob, humanClick())).outcome).toBe('credited');
    await db.query(`UPDATE users SET risk_score = 400, earning_blocked = true, wrong_codes = 2 WHERE id = $1`, [bob.id]);
    const bobsLedger = async () =>
      Number((await db.query(`SELECT count(*) FROM credit_ledger WHERE user_id = $1`, [bob.id])).rows[0].count);
    const ledgerRows = await bobsLedger();
    const path = `${ACCOUNT_ENDPOINTS.adminUsers}/${bob.id}/earning`;

    // The member, on their own account, and another member: not allowed.
    for (const member of [bob, await signUp(testApp.baseUrl)]) {
      const denied = await member.browser.post(path, { earning: true });
      expect(denied.status).toBe(403);
    }
    expect(await riskOf(db, bob.id)).toEqual({ score: 400, blocked: true });

    expect((await admins[0].browser.post(path, { earning: false })).status).toBe(400);
    expect((await admins[0].browser.post(`${ACCOUNT_ENDPOINTS.adminUsers}/2147483647/earning`, { earning: true })).status).toBe(
      404,
    );
    const lifted = await admins[0].browser.post(path, { earning: true });
    expect(lifted).toMatchObject({ status: 200, body: { data: { earning: true } } });
    expect(await riskOf(db, bob.id)).toEqual({ score: 0, blocked: false });
    expect(await bobsLedger()).toBe(ledgerRows);
    expect(await view(bob, humanClick())).toEqual({ outcome: 'credited', score: 0 });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 2);
  });
});
