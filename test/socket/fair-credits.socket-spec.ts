import {
  CONCURRENT_COPIES,
  Dice,
  luckyCeiling,
  maturingByUser,
  ownerWithPosts,
  SURFERS,
  surferFrom,
  SurfSession,
  table,
  tally,
  viewsEarnedByUser,
  type SurferKind,
  type Tally,
} from '../support/bots.js';
import { EarningsReviewService } from '../../server/src/earnings/earnings-review.service.js';
import { setTestTimeout } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/**
 * Fair credits: bots modelled on public autosurf bots surf beside honest, human-paced surfers for
 * the same wall time with a 1 s countdown, each on its own new account, address and tab; then the
 * earnings review runs over what they earned, and each bot keeps at most its share of the credits
 * an honest surfer keeps (what matures).
 *
 * Luck is accounted for, not hoped away: a bot that cannot read the challenge image may still
 * pick the right code among those offered, so what a bot earned on challenged views is held to
 * what such guesses bring but for a 1-in-1000 chance (`luckyCeiling`), and what it earned on
 * views it was not challenged on is held to its share, but for the views a right guess left
 * unchallenged, which luck opened (`VIEWS_OPENED_BY_A_RIGHT_ANSWER` at most). The honest
 * surfers' challenges are pooled (eight of them) so that their rare random challenges are measured
 * on enough views. BOTS_TABLE=1 prints the table of the run; BOTS_SEED replays a run's random
 * choices.
 */
setTestTimeout(import.meta, 150_000);

const testApp = useSurfTestApp({
  surf: { timerSeconds: 1, challenges: true },
  socketEventsPerWindow: 1000,
  trustProxy: ['127.0.0.1'],
});
const { db } = testApp;

/** How long everybody surfs. */
const SURF_SECONDS = 60;
/** Honest surfers whose challenges are pooled and whose mean credits are the yardstick. */
const HONEST_SURFERS = 8;
const ROSTER: SurferKind[] = [
  ...Array.from({ length: HONEST_SURFERS }, (): SurferKind => 'honest'),
  'script',
  'metronome',
  'hidden-tab',
  'protocol',
  'patient-protocol',
  'replay',
  'early-claim',
  'skipper',
];
/**
 * More posts than the fastest surfer can view in the time (one view a second at most): a post is
 * credited to a viewer once a day, so nobody runs out.
 */
const OWNERS = 4;
const POSTS_PER_OWNER = 20;

/** What each bot may earn, as a share of the honest surfers' mean credits. */
const SHARE_LIMITS: Partial<Record<SurferKind, number>> = {
  script: 0.01,
  metronome: 0.01,
  'hidden-tab': 0.01,
  protocol: 0.05,
  'patient-protocol': 0.05,
  skipper: 0.05,
};
/** The least an honest surfer earns in the time. */
const HONEST_MIN_CREDITS = 15;
/** The most an honest newcomer's first session (under 40 views here) is challenged. */
const HONEST_CHALLENGED_SHARE = 0.1;
/**
 * After a right answer the views go unchallenged until the random challenge of a stretch of 25
 * views: the one it stands in or, when that one has been asked, the next. So a lucky guess opens
 * at most 2 × 25 − 1 views, and the earnings review, not the challenge, decides whether they keep
 * their credits.
 */
const VIEWS_OPENED_BY_A_RIGHT_ANSWER = 2 * 25 - 1;
/** "A few wrong answers in a row stop earning": no credit after this many. */
const WRONG_ANSWERS_BEFORE_STOP = 5;

const seed = Number(process.env.BOTS_SEED ?? Math.floor(Math.random() * 2 ** 31));
let tallies: Tally[];
let honestMean: number;
let report: string;
let sessions: SurfSession[];

beforeAll(async () => {
  const { baseUrl } = testApp;
  await Promise.all(
    Array.from({ length: OWNERS }, (_, i) => ownerWithPosts(baseUrl, db, `10.1.0.${i + 1}`, POSTS_PER_OWNER, ROSTER.length + 1)),
  );
  const surfers = await Promise.all(ROSTER.map((_, i) => surferFrom(baseUrl, `10.2.0.${i + 1}`)));
  // The skipper's person answered its first view and surfed 23 more: a challenge is due within two views.
  await db.query(`UPDATE users SET surf_views = 24, surf_challenges = 1 WHERE id = $1`, [surfers[ROSTER.indexOf('skipper')].id]);

  const deadline = Date.now() + SURF_SECONDS * 1000;
  const names = ROSTER.map((kind, i) => (kind === 'honest' ? `honest ${i + 1}` : kind));
  sessions = surfers.map((surfer, i) => new SurfSession(names[i], baseUrl, surfer, deadline));
  await Promise.all(
    sessions.map(async (session, i) => {
      await session.begin();
      await SURFERS[ROSTER[i]]({ session, dice: new Dice(seed + i), db });
    }),
  );

  const ids = surfers.map((surfer) => surfer.id);
  const earned = await viewsEarnedByUser(db, ids);
  // Everything they earned is still in review: the review looks at it before any of it matures.
  await testApp.app.get(EarningsReviewService).reviewNow();
  const maturing = await maturingByUser(db, ids);
  tallies = sessions.map((session, i) => tally(ROSTER[i], session, earned.get(ids[i])!, maturing.get(ids[i])!));
  const honest = tallies.filter((t) => t.kind === 'honest');
  honestMean = honest.reduce((sum, t) => sum + t.matured, 0) / honest.length;
  report = table(tallies, honestMean, seed);
  if (process.env.BOTS_TABLE === '1') process.stdout.write(`\n${report}\n`);
});

/** The failures, with the run's table after them when there are any (so a failing run shows it). */
function explained(failures: string[]): string[] {
  return failures.length === 0 ? [] : [...failures, report];
}

const byKind = (kind: SurferKind) => tallies.filter((t) => t.kind === kind);
const one = (kind: SurferKind) => byKind(kind)[0];

/**
 * What a bot keeps after the review within its share of what an honest surfer keeps; before the
 * review, its credits on unchallenged views within its share and on challenged views within what
 * luck brings.
 */
function shareFailures(kind: SurferKind): string[] {
  const bot = one(kind);
  const allowed = Math.floor(SHARE_LIMITS[kind]! * honestMean);
  if (bot.matured > allowed) return [`${kind}: keeps ${bot.matured} credits after the review, at most ${allowed} allowed`];
  const lucky = luckyCeiling(bot.guesses, bot.guessChance);
  const failures: string[] = [];
  if (bot.creditedUnchallenged > allowed)
    failures.push(`${kind}: ${bot.creditedUnchallenged} credits on unchallenged views, at most ${allowed} allowed`);
  if (bot.creditedOpenedByGuess > bot.rightGuesses * VIEWS_OPENED_BY_A_RIGHT_ANSWER)
    failures.push(
      `${kind}: ${bot.creditedOpenedByGuess} credits on views ${bot.rightGuesses} right guesses left unchallenged, at most ${VIEWS_OPENED_BY_A_RIGHT_ANSWER} each`,
    );
  if (bot.creditedChallenged > lucky)
    failures.push(
      `${kind}: ${bot.creditedChallenged} credits on challenged views (${bot.guesses} guesses), luck brings ${lucky}`,
    );
  return failures;
}

describe(`${ROSTER.length} surfers, ${SURF_SECONDS} s, a 1 s countdown`, () => {
  it('every credit an acknowledgement announced is a view_earned row of the ledger, and there is no other', () => {
    const failures = tallies
      .filter((t) => t.credited !== t.ledgerCredits)
      .map((t) => `${t.name}: ${t.credited} credited claims, ${t.ledgerCredits} view_earned rows`);
    expect(explained(failures)).toEqual([]);
  });

  it(`an honest surfer earns at least ${HONEST_MIN_CREDITS} credits, keeps them all through the review, every view is credited, and is never stopped`, () => {
    const failures = byKind('honest').flatMap((t) => [
      ...(t.credited < HONEST_MIN_CREDITS ? [`${t.name}: earned ${t.credited}`] : []),
      ...(t.matured !== t.credited ? [`${t.name}: the review voided ${t.credited - t.matured} of ${t.credited}`] : []),
      ...(t.credited !== t.views ? [`${t.name}: ${t.views - t.credited} of ${t.views} views not credited`] : []),
      ...(t.stopped || t.emptyReason ? [`${t.name}: ended with ${t.emptyReason ?? 'stopped'}`] : []),
    ]);
    expect(explained(failures)).toEqual([]);
  });

  it(`honest newcomers are challenged on at most ${HONEST_CHALLENGED_SHARE * 100}% of the views of their first session`, () => {
    const honest = byKind('honest');
    const views = honest.reduce((sum, t) => sum + t.views, 0);
    const challenged = honest.reduce((sum, t) => sum + t.challenged, 0);
    const failures =
      challenged > HONEST_CHALLENGED_SHARE * views ? [`honest surfers: ${challenged} of ${views} views challenged`] : [];
    expect(explained(failures)).toEqual([]);
  });

  it.each(['script', 'metronome', 'hidden-tab'] as const)('%s earns at most 1% of an honest surfer’s credits', (kind) => {
    expect(explained(shareFailures(kind))).toEqual([]);
  });

  it('a protocol client whose human-like telemetry the server’s clock contradicts keeps at most 5%, guesses or not', () => {
    const bot = one('protocol');
    const allowed = Math.floor(SHARE_LIMITS.protocol! * honestMean);
    const failures = bot.matured > allowed ? [`protocol: keeps ${bot.matured}, at most ${allowed} allowed`] : [];
    expect(explained(failures)).toEqual([]);
  });

  it('a patient protocol client that cannot read the image earns at most 5% but for luck, and no credit after a few wrong answers in a row', () => {
    const failures = shareFailures('patient-protocol');
    if (one('patient-protocol').creditedAfterWrongRun(WRONG_ANSWERS_BEFORE_STOP))
      failures.push(`patient-protocol: credited after ${WRONG_ANSWERS_BEFORE_STOP} wrong answers in a row`);
    expect(explained(failures)).toEqual([]);
  });

  it('a skipper, who asks for another post whenever a view is challenged, is stopped and keeps at most 5%', () => {
    const bot = one('skipper');
    const failures = shareFailures('skipper');
    if (bot.skips > 0 && !bot.stopped) failures.push(`skipper: ${bot.skips} skipped challenges and still earning`);
    expect(explained(failures)).toEqual([]);
  });

  it(`replays and ${CONCURRENT_COPIES} concurrent copies of one claim earn nothing beyond the claim itself`, () => {
    const session = sessions[ROSTER.indexOf('replay')];
    const credited = session.views.filter((view) => view.credited).map((view) => view.ticketId);
    expect({
      replaysSent: session.replays.length > 0,
      replaysSettled: session.replays.filter((replay) => 'data' in replay.answer).length,
      copiesCredited: session.copiesCredited,
      ticketsCreditedTwice: credited.length - new Set(credited).size,
    }).toEqual({ replaysSent: true, replaysSettled: 0, copiesCredited: expect.any(Number), ticketsCreditedTwice: 0 });
    expect(session.copiesCredited).toBeLessThanOrEqual(1);
  });

  it('claims sent before the countdown ends earn nothing: each is refused as too early', () => {
    const session = sessions[ROSTER.indexOf('early-claim')];
    expect(session.earlyClaims.length).toBeGreaterThanOrEqual(5);
    const answers = new Set(
      session.earlyClaims.map(({ answer }) => ('error' in answer ? answer.error.code : `settled: ${answer.data.outcome}`)),
    );
    expect([...answers]).toEqual(['too_early']);
    expect(session.views.filter((view) => view.sentAfterCountdownMs < 0)).toEqual([]);
  });
});
