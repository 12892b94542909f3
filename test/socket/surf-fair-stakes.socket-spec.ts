import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { ANSWERS_KEPT, CHALLENGE_EXPIRES_MINUTES, WRONG_CODES_TO_STOP } from '../../server/src/surf/risk-thresholds.js';
import { SurfService } from '../../server/src/surf/surf.service.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import { signUpAdmin } from '../support/socket-fixtures.js';
import {
  askForCodeNext,
  balanceOf,
  campaignCall,
  challengeCodeOf,
  claim,
  creditedClaim,
  humanClick,
  nextTicket,
  ofStanding,
  promotedPost,
  riskOf,
  setTestTimeout,
  surfer,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/**
 * The stakes of surfing: a challenge cannot be skipped, surfing earns from a confirmed email on,
 * what a view earns is in review for a window that follows trust (and cannot be spent before),
 * and a new account's daily cap is small and grows with views that matured clean.
 */
setTestTimeout(import.meta);

const REVIEW_MINUTES = 1440;
const testApp = useSurfTestApp({ surf: { challenges: true, earningsReviewMinutes: REVIEW_MINUTES, newcomerDailyCap: 3 } });
const { db } = testApp;

type Surfer = Awaited<ReturnType<typeof surfer>>;

/** A poster with `count` promoted posts of `credits` each. */
async function posterWith(count: number, credits = 2): Promise<TestMember> {
  const poster = await signUp(testApp.baseUrl);
  for (let i = 0; i < count; i++) await promotedPost(poster, credits);
  return poster;
}

/** One credited view, answering its challenge when there is one; answers the ticket. */
async function creditedView(viewer: Surfer): Promise<string> {
  const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
  await creditedClaim(viewer.tab, ticketId, humanClick(), (await challengeCodeOf(db, ticketId)) ?? undefined);
  return ticketId;
}

async function pendingOf(ticketId: string): Promise<{ earned: number; minutes: number | null }> {
  const { rows } = await db.query(
    `SELECT earned, extract(epoch FROM matures_at - claimed_at) / 60 AS minutes FROM view_tickets WHERE id = $1`,
    [ticketId],
  );
  return { earned: rows[0].earned, minutes: rows[0].minutes === null ? null : Math.round(Number(rows[0].minutes)) };
}

function assign(member: TestMember, pid: number, amount: number) {
  return campaignCall(member.browser, pid, 'assign', { amount });
}

describe('a challenge cannot be skipped', () => {
  it('asking for another post over a challenged one counts as a wrong answer, and the next post asks again', async () => {
    await posterWith(4);
    const bob = await surfer(testApp.baseUrl);
    await ofStanding(db, bob.id);
    await askForCodeNext(db, bob.id);
    const challenged = await nextTicket(bob.browser, bob.tab);
    expect(challenged.answer.data.codes).not.toBeNull();

    const next = await nextTicket(bob.browser, bob.tab);
    expect(next.answer.data.codes).not.toBeNull();
    expect(await ticketStatus(db, challenged.ticketId)).toBe('replaced');
    const { rows } = await db.query(`SELECT recent_answers, wrong_codes, risk_evidence FROM users WHERE id = $1`, [bob.id]);
    expect(rows[0]).toMatchObject({ recent_answers: [false], wrong_codes: 1 });
    expect(rows[0].risk_evidence.at(-1).signals).toEqual(['skipped_challenge']);
    expect(await riskOf(db, bob.id)).toEqual({ score: 30, blocked: false });
    // The skipped ticket cannot be claimed any more.
    const code = (await challengeCodeOf(db, challenged.ticketId))!;
    expect(await claim(bob.tab, challenged.ticketId, humanClick(), code)).toMatchObject({
      error: { code: 'moved_to_other_tab' },
    });
  });

  it(`${WRONG_CODES_TO_STOP} skipped challenges stop earning, admins are told, and nothing is offered`, async () => {
    await posterWith(4);
    const admin = await signUpAdmin(testApp.baseUrl, db);
    const bob = await surfer(testApp.baseUrl);
    await ofStanding(db, bob.id);
    await askForCodeNext(db, bob.id);
    await nextTicket(bob.browser, bob.tab);
    for (let i = 1; i < WRONG_CODES_TO_STOP; i++) await nextTicket(bob.browser, bob.tab);
    const { status, body } = await surfNext(bob.browser, bob.tab);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ ticket: null, emptyReason: 'earning_blocked' });
    expect((await riskOf(db, bob.id)).blocked).toBe(true);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1`, [admin.id]);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it(`a new tab over a challenged view counts too: the answers kept remember it (${ANSWERS_KEPT} kept)`, async () => {
    await posterWith(3);
    const bob = await surfer(testApp.baseUrl);
    const first = await nextTicket(bob.browser, bob.tab);
    expect(first.answer.data.codes).not.toBeNull();
    const otherTab = await connectSocket(testApp.baseUrl, bob.browser);
    const second = await nextTicket(bob.browser, otherTab);
    expect(second.answer.data.codes).not.toBeNull();
    expect((await db.query(`SELECT wrong_codes FROM users WHERE id = $1`, [bob.id])).rows[0].wrong_codes).toBe(1);
  });
});

describe('a challenge left open', () => {
  it(`expires after ${CHALLENGE_EXPIRES_MINUTES} minutes as a wrong answer: the ticket is closed and the next post asks again`, async () => {
    await posterWith(3);
    const gus = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(gus.browser, gus.tab);
    expect(await challengeCodeOf(db, ticketId)).not.toBeNull();
    const surf = testApp.app.get(SurfService);
    // Not yet: a person may still be reading.
    expect(await surf.expireChallenges()).toBe(0);
    await db.query(`UPDATE view_tickets SET issued_at = now() - make_interval(mins => $2 + 1) WHERE id = $1`, [
      ticketId,
      CHALLENGE_EXPIRES_MINUTES,
    ]);
    expect(await surf.expireChallenges()).toBe(1);
    expect(await ticketStatus(db, ticketId)).toBe('uncredited');
    expect((await db.query(`SELECT wrong_codes FROM users WHERE id = $1`, [gus.id])).rows[0].wrong_codes).toBe(1);
    const code = (await challengeCodeOf(db, ticketId))!;
    expect(await claim(gus.tab, ticketId, humanClick(), code)).toMatchObject({ error: { code: 'closed_without_credit' } });
    expect((await nextTicket(gus.browser, gus.tab)).answer.data.codes).not.toBeNull();
    // Once only.
    expect(await surf.expireChallenges()).toBe(0);
  });
});

describe('surfing earns from a confirmed email on', () => {
  it('an unconfirmed member is offered nothing and told why; once confirmed, the surf bar offers a post', async () => {
    await posterWith(2);
    const carol = await surfer(testApp.baseUrl);
    await db.query(`UPDATE users SET email_confirmed_at = NULL WHERE id = $1`, [carol.id]);
    const { body } = await surfNext(carol.browser, carol.tab);
    expect(body.data).toMatchObject({ ticket: null, emptyReason: 'email_unconfirmed' });
    expect(body.data!.data.message).toMatch(/Confirm your email/);

    await db.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [carol.id]);
    const offered = await nextTicket(carol.browser, carol.tab);
    expect(offered.pid).toEqual(expect.any(Number));
  });
});

describe('earnings in review', () => {
  it("a new account's view earns a credit that is in review for the site's window and cannot be spent before", async () => {
    await posterWith(2);
    const dave = await surfer(testApp.baseUrl);
    const ticketId = await creditedView(dave);
    expect(await pendingOf(ticketId)).toEqual({ earned: 1, minutes: REVIEW_MINUTES });
    expect(await balanceOf(db, dave.id)).toBe(SIGNUP_BONUS_CREDITS + 1);

    const pid = await promotedPost(dave, 0);
    const refused = await assign(dave, pid, SIGNUP_BONUS_CREDITS + 1);
    expect(refused.status).toBe(409);
    expect(refused.body.errors![0]).toMatchObject({
      code: 'credits_in_review',
      message: expect.stringMatching(/still in review/),
    });
    // More than the whole balance is refused as before.
    expect((await assign(dave, pid, SIGNUP_BONUS_CREDITS + 2)).body.errors![0].code).toBe('conflict');
    expect((await assign(dave, pid, SIGNUP_BONUS_CREDITS)).status).toBe(200);

    // Once it matures, it may be spent.
    await db.query(`UPDATE view_tickets SET matures_at = now() - interval '1 second' WHERE id = $1`, [ticketId]);
    expect((await assign(dave, pid, 1)).status).toBe(200);
  });

  it('the window follows trust: an established member waits a 24th of it, a trusted one not at all, a flagged one all of it', async () => {
    await posterWith(5);
    const established = await surfer(testApp.baseUrl);
    await db.query(
      `UPDATE users SET created_at = now() - interval '8 days', trust_day = current_date, trust_views = 150,
              surf_views = 100, surf_challenges = 6 WHERE id = $1`,
      [established.id],
    );
    expect((await pendingOf(await creditedView(established))).minutes).toBe(REVIEW_MINUTES / 24);

    const trusted = await surfer(testApp.baseUrl);
    await db.query(
      `UPDATE users SET created_at = now() - interval '40 days', trust_day = current_date, trust_views = 1000,
              surf_views = 100, surf_challenges = 6 WHERE id = $1`,
      [trusted.id],
    );
    const trustedTicket = await creditedView(trusted);
    expect(await pendingOf(trustedTicket)).toEqual({ earned: 1, minutes: null });
    const pid = await promotedPost(trusted, 0);
    expect((await assign(trusted, pid, SIGNUP_BONUS_CREDITS + 1)).status).toBe(200);

    // A wrong answer among those kept flags the member: the whole window again.
    await db.query(`UPDATE users SET recent_answers = '{f}', wrong_codes = 1 WHERE id = $1`, [trusted.id]);
    const { ticketId } = await nextTicket(trusted.browser, trusted.tab);
    await creditedClaim(trusted.tab, ticketId, humanClick(), (await challengeCodeOf(db, ticketId))!).catch(() => undefined);
    const second = await nextTicket(trusted.browser, trusted.tab);
    await creditedClaim(trusted.tab, second.ticketId, humanClick(), (await challengeCodeOf(db, second.ticketId))!);
    expect((await pendingOf(second.ticketId)).minutes).toBe(REVIEW_MINUTES);
  });

  it('a code answered by email proves an inbox, not a person: the view waits the whole window, even for a trusted member', async () => {
    await posterWith(2);
    const erin = await surfer(testApp.baseUrl);
    await db.query(
      `UPDATE users SET created_at = now() - interval '40 days', trust_day = current_date, trust_views = 1000, risk_score = 40
        WHERE id = $1`,
      [erin.id],
    );
    await askForCodeNext(db, erin.id);
    const { ticketId } = await nextTicket(erin.browser, erin.tab);
    await db.query(`UPDATE view_tickets SET challenge_mode = 'email', challenge_code = '123456' WHERE id = $1`, [ticketId]);
    await creditedClaim(erin.tab, ticketId, humanClick(), '123456');
    expect((await pendingOf(ticketId)).minutes).toBe(REVIEW_MINUTES);
    // A right answer by email takes off only a clean click's 5 (a right one from the picture takes 20 more).
    expect(await riskOf(db, erin.id)).toEqual({ score: 35, blocked: false });
  });
});

describe("a new account's daily cap", () => {
  it('starts at the newcomer cap and grows by each view that matured clean', async () => {
    await posterWith(10, 1);
    const fay = await surfer(testApp.baseUrl);
    for (let i = 0; i < 3; i++) await creditedView(fay);
    const { body } = await surfNext(fay.browser, fay.tab);
    expect(body.data).toMatchObject({ ticket: null, emptyReason: 'daily_cap' });
    expect(body.data!.data.message).toMatch(/limit of 3 credits/);

    // Tomorrow (the count is taken again), with those three matured: 3 + 3.
    await db.query(`UPDATE view_tickets SET matures_at = now() - interval '1 minute' WHERE viewer_id = $1`, [fay.id]);
    await db.query(`UPDATE users SET trust_day = current_date - 1, earned_day = current_date - 1 WHERE id = $1`, [fay.id]);
    let earned = 0;
    for (;;) {
      const { body: next } = await surfNext(fay.browser, fay.tab);
      if (!next.data!.ticket) {
        expect(next.data).toMatchObject({ emptyReason: 'daily_cap' });
        break;
      }
      await creditedClaim(
        fay.tab,
        next.data!.ticket.id,
        humanClick(),
        (await challengeCodeOf(db, next.data!.ticket.id)) ?? undefined,
      );
      earned++;
    }
    expect(earned).toBe(6);
    expect((await db.query(`SELECT trust_views FROM users WHERE id = $1`, [fay.id])).rows[0].trust_views).toBe(3);
  });
});
