import { ErrorCode } from '../../shared/api/error-codes.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { signUp } from '../support/accounts.js';
import { SOCKET_EVENTS_PER_WINDOW } from '../../shared/realtime/events.js';
import {
  balanceOf,
  claim,
  claimWithNext,
  creditedClaim,
  nextTicket,
  promotedPost,
  storedCampaign,
  surfer,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/** A daily earning cap of one credit (one credited view), and the default socket event limit, for this file. */
const testApp = useSurfTestApp({ surf: { dailyEarningCap: 1 } });
const { db } = testApp;

/** The start of tomorrow on the database's calendar (the daily cap's day), in ms. */
async function tomorrow(): Promise<number> {
  const { rows } = await db.query(`SELECT floor(extract(epoch FROM (current_date + 1)::timestamptz) * 1000)::float8 AS ms`);
  return rows[0].ms;
}

describe('the daily earning cap', () => {
  it("offers no post once the day's credited views are used up, with a clear message; other members still earn", async () => {
    const alice = await signUp(testApp.baseUrl);
    const first = await promotedPost(alice, 5);
    const second = await promotedPost(alice, 5);
    const bob = await surfer(testApp.baseUrl);

    const { ticketId, pid } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);

    const { status, body } = await surfNext(bob.browser, bob.tab);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ticket: null,
      post: null,
      emptyReason: 'daily_cap',
      nextAt: await tomorrow(),
      data: { posts: [], message: "You reached today's limit of 1 credit earned by surfing. Come back tomorrow!" },
    });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    const other = pid === first ? second : first;
    expect((await storedCampaign(db, other)).credits).toBe(5);

    const carol = await surfer(testApp.baseUrl);
    await creditedClaim(carol.tab, (await nextTicket(carol.browser, carol.tab)).ticketId);
    expect(await balanceOf(db, carol.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
  });

  it('a claim asking for the next post that reaches the cap answers no post, with the same message', async () => {
    const alice = await signUp(testApp.baseUrl);
    await promotedPost(alice, 5);
    await promotedPost(alice, 5);
    const bob = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    expect(await claimWithNext(bob.tab, ticketId)).toEqual({
      data: {
        outcome: 'credited',
        credited: 1,
        cc: SIGNUP_BONUS_CREDITS + 1,
        message: 'Credit earned!',
        // The cap is reached: the surf bar shows it at once, from the claim's answer.
        today: { earnedToday: 1, capToday: 1, creditsPerView: 1, viewsLeftToday: 0 },
        next: {
          ticket: null,
          post: null,
          emptyReason: 'daily_cap',
          nextAt: await tomorrow(),
          data: {
            posts: [],
            timer: 0,
            m1: expect.any(String),
            codes: null,
            challengeImage: null,
            message: "You reached today's limit of 1 credit earned by surfing. Come back tomorrow!",
          },
        },
      },
    });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM view_tickets WHERE viewer_id = $1 AND status = 'open'`, [
      bob.id,
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe('a claim past the daily cap', () => {
  it('is closed without credit and says so, when the cap was reached while the post was watched', async () => {
    const alice = await signUp(testApp.baseUrl);
    const pid = await promotedPost(alice, 5);
    const bob = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    // Credited elsewhere meanwhile (today's count is the member's, whichever view it came from).
    await db.query(`UPDATE users SET earned_today = 1, earned_day = current_date WHERE id = $1`, [bob.id]);

    expect(await claim(bob.tab, ticketId)).toEqual({
      data: {
        outcome: 'daily_cap',
        credited: 0,
        cc: SIGNUP_BONUS_CREDITS,
        message: "You reached today's limit of 1 credit earned by surfing. Come back tomorrow!",
        today: { earnedToday: 1, capToday: 1, creditsPerView: 1, viewsLeftToday: 0 },
      },
    });
    expect(await ticketStatus(db, ticketId)).toBe('uncredited');
    expect((await storedCampaign(db, pid)).credits).toBe(5);
  });
});

describe('the socket event limit', () => {
  it('a flood of claims beyond the per-connection limit is refused with "slow down" and credits one view at most', async () => {
    const alice = await signUp(testApp.baseUrl);
    const pid = await promotedPost(alice, 5);
    const bob = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    const answers = await Promise.all(Array.from({ length: SOCKET_EVENTS_PER_WINDOW + 10 }, () => claim(bob.tab, ticketId)));
    const errors = answers.flatMap((answer) => ('error' in answer ? [answer.error] : []));
    expect(answers.filter((answer) => 'data' in answer && answer.data.credited === 1)).toHaveLength(1);
    expect(
      errors.filter((error) => error.code === ErrorCode.RateLimited && error.retryAfter! >= 1).length,
    ).toBeGreaterThanOrEqual(10);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect((await storedCampaign(db, pid)).credits).toBe(4);
  });
});
