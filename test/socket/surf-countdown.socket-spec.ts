import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { signUp } from '../support/accounts.js';
import {
  balanceOf,
  claim,
  creditedClaim,
  humanClick,
  nextTicket,
  promotedPost,
  refusal,
  storedCampaign,
  surfer,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/** The countdown (data.timer) runs on the server's clock: a 2 s timer for this file. */
const TIMER_SECONDS = 2;

const testApp = useSurfTestApp({ surf: { timerSeconds: TIMER_SECONDS }, socketEventsPerWindow: 1000 });
const { db } = testApp;

/** Waits until `ms` after `since` (local clock). */
const until = (since: number, ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())));

describe('the countdown', () => {
  it('a claim before the countdown ends is refused without credit; the same ticket claimed after it is credited', async () => {
    const alice = await signUp(testApp.baseUrl);
    const pid = await promotedPost(alice, 10);
    const bob = await surfer(testApp.baseUrl);

    const { ticketId, answer } = await nextTicket(bob.browser, bob.tab);
    const issued = Date.now();
    expect(answer.data.timer).toBe(TIMER_SECONDS);

    const early = refusal(await claim(bob.tab, ticketId));
    expect(early).toEqual({
      code: 'too_early',
      message: `Please wait until the countdown ends (${early.retryAfter} s left).`,
      retryAfter: expect.any(Number),
    });
    expect([1, 2]).toContain(early.retryAfter);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 10, viewsTotal: 0 });
    expect(await ticketStatus(db, ticketId)).toBe('open');

    // A burst of early claims changes nothing either.
    const burst = await Promise.all(Array.from({ length: 20 }, () => claim(bob.tab, ticketId)));
    expect(new Set(burst.map((answer) => refusal(answer).code))).toEqual(new Set(['too_early']));
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);

    await until(issued, TIMER_SECONDS * 1000 + 150);
    // Claimed 150 ms after the countdown, so the click cannot report a longer delay than that.
    const confirmed = await creditedClaim(bob.tab, ticketId, humanClick({ clickDelayMs: 100 }));
    expect(confirmed).toEqual({
      outcome: 'credited',
      credited: 1,
      cc: SIGNUP_BONUS_CREDITS + 1,
      message: 'Credit earned!',
      today: expect.objectContaining({ earnedToday: 1 }),
    });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 9, viewsTotal: 1, viewsToday: 1 });
    expect(refusal(await claim(bob.tab, ticketId)).code).toBe('already_counted');
  });

  it('100 claims fired at once when the countdown ends are credited exactly once', async () => {
    const alice = await signUp(testApp.baseUrl);
    const pid = await promotedPost(alice, 10);
    const bob = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    const issued = Date.now();
    await until(issued, TIMER_SECONDS * 1000 + 150);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => claim(bob.tab, ticketId, humanClick({ clickDelayMs: 100 }))),
    );
    expect(answers.filter((answer) => 'data' in answer && answer.data.credited === 1)).toHaveLength(1);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect((await storedCampaign(db, pid)).credits).toBe(9);
  });
});
