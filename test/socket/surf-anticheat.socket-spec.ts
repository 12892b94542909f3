import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import type { ClickTelemetry } from '../../shared/surf/surf.js';
import { BLOCK_AT, CHALLENGE_AT } from '../../server/src/surf/risk.service.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import { signUpAdmin } from '../support/socket-fixtures.js';
import {
  balanceOf,
  botClick,
  challengeCodeOf,
  claim,
  creditedClaim,
  humanClick,
  nextTicket,
  promotedPost,
  riskOf,
  storedCampaign,
  surfer,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

let admins: TestMember[];

const testApp = useSurfTestApp();
const { db } = testApp;

beforeAll(async () => {
  admins = [await signUpAdmin(testApp.baseUrl, db), await signUpAdmin(testApp.baseUrl, db)];
});

type Surfer = TestMember & { tab: TestSocket };

/** A poster with `count` posts of `credits` each (one view per post and viewer a day). */
async function posterWith(count: number, credits = 2): Promise<{ poster: TestMember; pids: number[] }> {
  const poster = await signUp(testApp.baseUrl);
  const pids: number[] = [];
  for (let i = 0; i < count; i++) pids.push(await promotedPost(poster, credits));
  return { poster, pids };
}

/** One view, answering the challenge when there is one; answers the risk score after it. */
async function view(viewer: Surfer, telemetry: ClickTelemetry): Promise<number> {
  const { ticketId, answer } = await nextTicket(viewer.browser, viewer.tab);
  const code = answer.data.codes ? await challengeCodeOf(db, ticketId) : null;
  await creditedClaim(viewer.tab, ticketId, telemetry, code ?? undefined);
  return (await riskOf(db, viewer.id)).score;
}

describe('the risk score', () => {
  it('a person clicking normally keeps a score of 0 and is never challenged', async () => {
    await posterWith(4);
    const bob = await surfer(testApp.baseUrl);
    for (let i = 0; i < 4; i++) {
      const { ticketId, answer } = await nextTicket(bob.browser, bob.tab);
      expect(answer.data).toMatchObject({ codes: null, challengeImage: null, message: null });
      await creditedClaim(bob.tab, ticketId, humanClick());
    }
    expect(await riskOf(db, bob.id)).toEqual({ score: 0, blocked: false });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 4);
  });

  it('an untrusted (scripted) click raises the score by 25, a click in a hidden tab by 15, and clean clicks bring it down', async () => {
    await posterWith(4);
    const bob = await surfer(testApp.baseUrl);
    expect(await view(bob, humanClick({ isTrusted: false }))).toBe(25);
    expect(await view(bob, humanClick({ visible: false }))).toBe(40);
    expect(await view(bob, humanClick())).toBe(35);
    expect(await view(bob, humanClick())).toBe(30);
    // Each of those views was still credited.
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 4);
  });

  it('identical repeated intervals and positions raise the score, up to a challenge', async () => {
    await posterWith(5);
    const bob = await surfer(testApp.baseUrl);
    const same = humanClick({ x: 411, y: 522, intervalMs: 15_020 });
    const scores: number[] = [];
    // Intervals within 3 ms of each other count as identical.
    for (let i = 0; i < 4; i++) scores.push(await view(bob, { ...same, intervalMs: same.intervalMs! + (i % 2) }));
    expect(scores[0]).toBe(0);
    expect(scores[1]).toBeLessThan(scores[2]);
    expect(scores[2]).toBeLessThan(scores[3]);
    expect(scores[3]).toBeGreaterThanOrEqual(CHALLENGE_AT);
    expect((await nextTicket(bob.browser, bob.tab)).answer.data.codes).toHaveLength(6);

    // Keyboard presses have no position: only the repeated interval counts, so the score rises less.
    await posterWith(4);
    const carol = await surfer(testApp.baseUrl);
    const keys: number[] = [];
    for (let i = 0; i < 4; i++) keys.push(await view(carol, humanClick({ keyEvent: true, intervalMs: 9_000 })));
    expect(keys[0]).toBe(0);
    expect(keys[1]).toBeLessThan(keys[2]);
    expect(keys[2]).toBeLessThan(keys[3]);
    expect(keys[3]).toBeLessThan(scores[3]);
  });

  it('the current click is not counted as a repeat of itself: one earlier identical click is not yet a pattern', async () => {
    // RiskService.assess reads "the last claims" after the claim being scored was closed in the
    // same transaction, so the click is compared with itself; riskDelta's ">= 2 identical" then
    // means a single earlier repeat instead of two.
    await posterWith(3);
    const bob = await surfer(testApp.baseUrl);
    const same = humanClick({ x: 77, y: 88, intervalMs: 12_345 });
    const scores: number[] = [];
    for (let i = 0; i < 3; i++) scores.push(await view(bob, same));
    expect(scores).toEqual([0, 0, 20]);
  });
});

describe('the verification challenge', () => {
  it(`from a score of ${CHALLENGE_AT} the next view carries codes; a wrong or missing code closes the view without credit, the right one credits`, async () => {
    const { pids } = await posterWith(5);
    const bob = await surfer(testApp.baseUrl);
    expect(await view(bob, botClick({ x: 1, y: 1, intervalMs: 1000 }))).toBe(40);
    expect(await view(bob, botClick({ x: 2, y: 2, intervalMs: 2000 }))).toBe(80);
    expect(80).toBeGreaterThanOrEqual(CHALLENGE_AT);

    const challenged = await nextTicket(bob.browser, bob.tab);
    const { codes, challengeImage, message } = challenged.answer.data;
    const challenge = await challengeCodeOf(db, challenged.ticketId);
    expect(codes).toHaveLength(6);
    expect(new Set(codes).size).toBe(6);
    for (const code of codes!) expect(code).toMatch(/^[A-Z2-9]{4}$/);
    expect(codes).toContain(challenge);
    expect(challengeImage).toBe(`/data/surf/challenge/${challenged.ticketId}`);
    expect(message).toMatch(/pick the code/i);

    const balance = await balanceOf(db, bob.id);
    const wrong = codes!.find((code) => code !== challenge)!;
    expect(await claim(bob.tab, challenged.ticketId, humanClick(), wrong)).toEqual({
      data: { outcome: 'wrong_code', credited: 0, cc: balance, message: expect.stringMatching(/not the code shown/) },
    });
    expect(await ticketStatus(db, challenged.ticketId)).toBe('uncredited');
    expect(await balanceOf(db, bob.id)).toBe(balance);
    expect((await storedCampaign(db, challenged.pid)).credits).toBe(2);
    // A ticket closed without credit cannot be retried with the right code.
    expect(await claim(bob.tab, challenged.ticketId, humanClick(), challenge!)).toEqual({
      error: { code: 'closed_without_credit', message: 'This view cannot be counted any more.' },
    });

    const noCode = await nextTicket(bob.browser, bob.tab);
    expect(noCode.answer.data.codes).toHaveLength(6);
    expect(await claim(bob.tab, noCode.ticketId, humanClick())).toMatchObject({ data: { outcome: 'wrong_code', credited: 0 } });

    const right = await nextTicket(bob.browser, bob.tab);
    expect(await claim(bob.tab, right.ticketId, humanClick(), (await challengeCodeOf(db, right.ticketId))!)).toEqual({
      data: { outcome: 'credited', credited: 1, cc: balance + 1, message: 'Credit earned!' },
    });
    expect(await balanceOf(db, bob.id)).toBe(balance + 1);
    expect(pids).toContain(right.pid);
  });
});

describe('blocking', () => {
  it(`from a score of ${BLOCK_AT} the account stops earning and every admin is told once`, async () => {
    await posterWith(5);
    const bob = await surfer(testApp.baseUrl);
    const adminTabs = await Promise.all(admins.map((admin) => connectSocket(testApp.baseUrl, admin.browser)));
    const bystander = await surfer(testApp.baseUrl);

    // The same untrusted click from a hidden tab, at the same place and interval, again and again.
    const bot = botClick();
    const scores: number[] = [];
    while (!(await riskOf(db, bob.id)).blocked) {
      scores.push(await view(bob, bot));
      expect(scores.length).toBeLessThan(6);
    }
    expect(scores.slice(0, -1).every((score) => score < BLOCK_AT)).toBe(true);
    expect(scores[scores.length - 1]).toBeGreaterThanOrEqual(BLOCK_AT);
    // The view that crossed the line was still credited; none after it.
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + scores.length);
    const finalScore = scores[scores.length - 1];

    const { status, body } = await surfNext(bob.browser, bob.tab);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ticket: null,
      post: null,
      emptyReason: 'earning_blocked',
      data: { posts: [], message: expect.stringMatching(/Earning is paused on your account/) },
    });
    expect(await riskOf(db, bob.id)).toEqual({ score: finalScore, blocked: true });

    for (const adminTab of adminTabs) {
      const [notification] = await adminTab.next('notification:new', undefined, (item) => item.type === 'risk_alert');
      expect(notification).toMatchObject({
        type: 'risk_alert',
        link: `/admin/users/${bob.id}`,
        body: expect.stringContaining(`#${bob.id}`),
      });
    }
    const { rows } = await db.query(
      `SELECT user_id FROM notifications WHERE type = 'risk_alert' AND link = $1 ORDER BY user_id`,
      [`/admin/users/${bob.id}`],
    );
    expect(rows.map((row) => row.user_id)).toEqual(admins.map((admin) => admin.id).sort((a, b) => a - b));
    await bystander.tab.expectNo('notification:new');
    await bob.tab.expectNo('notification:new');

    // Still blocked on the next try, from any tab; the bystander earns normally.
    const otherTab = await connectSocket(testApp.baseUrl, bob.browser);
    const again = await surfNext(bob.browser, otherTab);
    expect(again.body.data!.ticket).toBeNull();
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + scores.length);
    await creditedClaim(bystander.tab, (await nextTicket(bystander.browser, bystander.tab)).ticketId);
  });
});
