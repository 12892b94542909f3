import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import type { RiskEvidence } from '../../shared/surf/surf-outcomes.js';
import { CHALLENGE_AT } from '../../server/src/surf/risk-thresholds.js';
import { signUp } from '../support/accounts.js';
import {
  balanceOf,
  claim,
  humanClick,
  nextTicket,
  promotedPost,
  riskOf,
  setTestTimeout,
  surfer,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/**
 * What the server sees for itself: the delay between the countdown's end and the claim, on its own
 * clock. A 1 s countdown; challenges off, so the score is read as it moves.
 */
setTestTimeout(import.meta, 60_000);

const TIMER_SECONDS = 1;
const testApp = useSurfTestApp({ surf: { timerSeconds: TIMER_SECONDS } });
const { db } = testApp;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function posts(count: number): Promise<void> {
  const poster = await signUp(testApp.baseUrl);
  for (let i = 0; i < count; i++) await promotedPost(poster, 1);
}

/**
 * One view: waits `pauseMs` after the countdown ends as this client sees it (it starts when the
 * ticket arrives), then claims, reporting `reportedMs` as its click delay. Answers the outcome and the score.
 */
async function viewAfter(viewer: Awaited<ReturnType<typeof surfer>>, pauseMs: number, reportedMs = pauseMs) {
  const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
  await sleep(TIMER_SECONDS * 1000 + pauseMs);
  const answer = await claim(viewer.tab, ticketId, humanClick({ clickDelayMs: reportedMs }));
  if (!('data' in answer)) throw new Error(`claim refused: ${JSON.stringify(answer)}`);
  return { outcome: answer.data.outcome, score: (await riskOf(db, viewer.id)).score };
}

async function evidenceOf(userId: number): Promise<RiskEvidence[]> {
  return (await db.query(`SELECT risk_evidence FROM users WHERE id = $1`, [userId])).rows[0].risk_evidence;
}

describe('the server-side delay between the countdown and the claim', () => {
  it('an honest, human-paced surfer (varied pauses of about a second, its true click delay) keeps a score of 0', async () => {
    const pauses = [1180, 860, 1650, 1020, 1390, 940, 1240];
    await posts(pauses.length);
    const bob = await surfer(testApp.baseUrl);
    for (const pause of pauses) expect(await viewAfter(bob, pause)).toEqual({ outcome: 'credited', score: 0 });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + pauses.length);
    expect(await evidenceOf(bob.id)).toEqual([]);
  });

  it('an instant claim that reports a human click delay earns nothing (the server’s clock contradicts it) and raises the score twice: instant, and disagreeing', async () => {
    await posts(2);
    const bot = await surfer(testApp.baseUrl);
    const balance = await balanceOf(db, bot.id);
    expect(await viewAfter(bot, 0, 1170)).toEqual({ outcome: 'scripted', score: 40 });
    expect(await viewAfter(bot, 0, 1170)).toEqual({ outcome: 'scripted', score: 80 });
    expect(await balanceOf(db, bot.id)).toBe(balance);
    expect(80).toBeGreaterThanOrEqual(CHALLENGE_AT);
    const evidence = await evidenceOf(bot.id);
    expect(evidence.map((claim) => claim.signals)).toEqual([
      ['instant_claim', 'delay_mismatch'],
      ['instant_claim', 'delay_mismatch'],
    ]);
    expect(evidence.map((claim) => claim.score)).toEqual([40, 80]);
    expect(Date.now() - new Date(evidence[1].at).getTime()).toBeLessThan(10_000);
  });

  it('a metronome (the same pause every view, reported truly) is caught by the spread of the last delays', async () => {
    await posts(6);
    const bot = await surfer(testApp.baseUrl);
    const scores: number[] = [];
    for (let i = 0; i < 6; i++) scores.push((await viewAfter(bot, 400)).score);
    // From the fifth claim on there are five delays to compare, all within a few milliseconds.
    expect(scores).toEqual([0, 0, 0, 0, 15, 30]);
    expect((await evidenceOf(bot.id)).at(-1)!.signals).toEqual(['regular_delay']);
  });
});
