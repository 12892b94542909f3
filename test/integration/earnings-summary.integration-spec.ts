import { ErrorCode } from '../../shared/api/error-codes.js';
import { CREDITS_ENDPOINTS } from '../../shared/credits/credits.js';
import type { EarningsSummary } from '../../shared/earnings/earnings.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { creditedView, voidView } from '../support/earnings-fixtures.js';
import { createPost, grantCredits } from '../support/surf-fixtures.js';
import { actAs, createTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const HOUR_MS = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS);

async function summaryOf(member: TestMember): Promise<EarningsSummary> {
  const { status, body } = await member.browser.get<EarningsSummary>(CREDITS_ENDPOINTS.earnings);
  expect([status, body.errors]).toEqual([200, []]);
  return body.data!;
}

/**
 * A surfer's earnings arranged in the database: two views still in review (3 and 2 credits, the
 * 2 maturing first), one matured (4), one available at once (1) and one the review voided (5,
 * never counted in the balance); their balance holds the 10 of the welcome bonus and the 10 they
 * earned, and 7 were earned today.
 */
async function surferWithEarnings(advertiser: TestMember) {
  const surfer = await signUp(testApp.baseUrl);
  const { pid } = (await createPost(advertiser.browser)).post;
  const soonest = inHours(1);
  await creditedView(db, { viewerId: surfer.id, pid, earned: 3, maturesAt: inHours(2) });
  await creditedView(db, { viewerId: surfer.id, pid, earned: 2, maturesAt: soonest });
  await creditedView(db, { viewerId: surfer.id, pid, earned: 4, maturesAt: inHours(-1) });
  await creditedView(db, { viewerId: surfer.id, pid, earned: 1, maturesAt: null });
  const voided = await creditedView(db, { viewerId: surfer.id, pid, earned: 5, maturesAt: inHours(3) });
  await voidView(db, voided, 'shared_device');
  await grantCredits(db, surfer.id, 10);
  await db.query(`UPDATE users SET earned_today = 7, earned_day = current_date WHERE id = $1`, [surfer.id]);
  return { surfer, soonest };
}

describe('GET /data/credits/earnings', () => {
  it("answers the member's balance, what of it is in review and until when, today's earnings and terms", async () => {
    const advertiser = await signUp(testApp.baseUrl);
    const { surfer, soonest } = await surferWithEarnings(advertiser);
    const { newcomerDailyCap, earningsReviewMinutes } = testApp.config.surf;

    expect(await summaryOf(surfer)).toEqual({
      credits: 20,
      pending: 5,
      available: 15,
      nextMatureMs: soonest.getTime(),
      earnedToday: 7,
      // A new account: the newcomer's cap and one more for each view that matured clean (two), the whole review window.
      capToday: newcomerDailyCap + 2,
      creditsPerView: 1,
      viewsLeftToday: newcomerDailyCap + 2 - 7,
      reviewMinutes: earningsReviewMinutes,
      emailConfirmed: false,
    });
  });

  it('says when the address is confirmed, and that nothing waits once every view matured', async () => {
    const member = await signUp(testApp.baseUrl);
    await db.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [member.id]);
    expect(await summaryOf(member)).toMatchObject({
      credits: 10,
      pending: 0,
      available: 10,
      nextMatureMs: null,
      earnedToday: 0,
      emailConfirmed: true,
    });
  });

  it("never shows another member's figures: each member reads their own", async () => {
    const advertiser = await signUp(testApp.baseUrl);
    const { surfer } = await surferWithEarnings(advertiser);
    const other = await signUp(testApp.baseUrl);

    expect(await summaryOf(other)).toMatchObject({ credits: 10, pending: 0, available: 10, nextMatureMs: null, earnedToday: 0 });
    expect(await summaryOf(advertiser)).toMatchObject({ credits: 10, pending: 0, available: 10, nextMatureMs: null });
    expect(await summaryOf(surfer)).toMatchObject({ credits: 20, pending: 5 });
  });

  it("a member acting for a team still reads their own earnings, never the team's balance", async () => {
    const advertiser = await signUp(testApp.baseUrl);
    const { surfer } = await surferWithEarnings(advertiser);
    const own = await summaryOf(surfer);
    const team = await createTeam(surfer);
    await db.query(`UPDATE teams SET credits = 500 WHERE id = $1`, [team.id]);

    actAs(surfer, team.id);
    expect(await summaryOf(surfer)).toEqual(own);
  });

  it('shows no more in review than the balance holds after a correction took credits away', async () => {
    const advertiser = await signUp(testApp.baseUrl);
    const { surfer } = await surferWithEarnings(advertiser);
    await db.query(`UPDATE users SET credits = 3 WHERE id = $1`, [surfer.id]);
    expect(await summaryOf(surfer)).toMatchObject({ credits: 3, pending: 3, available: 0 });
  });

  it('asks a visitor to sign in', async () => {
    const { status, body } = await new TestBrowser(testApp.baseUrl).get(CREDITS_ENDPOINTS.earnings);
    expect(status).toBe(401);
    expect(body.errors.map((error) => error.code)).toEqual([ErrorCode.Unauthenticated]);
  });
});
