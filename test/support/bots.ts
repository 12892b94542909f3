import type pg from 'pg';
import type { SurfClaimOutcome, SurfEmptyReason } from '../../shared/surf/surf-outcomes.js';
import type { ClickTelemetry, SurfNextAnswer } from '../../shared/surf/surf.js';
import { signUp, type TestMember } from './accounts.js';
import { connectSocket, type TestSocket } from './socket-client.js';
import { challengeCodeOf, type ClaimAck, grantCredits, promotedPost, sendClaim, surfNext } from './surf-fixtures.js';
import { fetchRaw } from './test-app.js';
import { TestBrowser } from './test-browser.js';

/**
 * The bot suite's surfers: an honest, human-paced surfer and bots modelled on public autosurf
 * bots, each on its own account and its own tab, surfing the same posts for the same wall time
 * with claims that ask for the next post in their acknowledgement (`next: true`), as the surf bar
 * does. Every claim and what it came to is kept, so a test can tell what each one earned and why.
 */

// ---------------------------------------------------------------------------------------------
// Randomness that can be replayed: a failing run prints its seed, BOTS_SEED runs it again.

export class Dice {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A log-normal draw: `median` half the time or less, spread by `sigma` (as human reaction times are). */
  logNormal(median: number, sigma: number): number {
    const normal = Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
    return median * Math.exp(sigma * normal);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

// ---------------------------------------------------------------------------------------------
// Clicks

/** The Next button's box, as every surfer's page lays it out. */
export const NEXT_BUTTON = { x: 280, y: 480, width: 240, height: 120 } as const;

/** A person's pause between the end of the countdown and the Next click (ms). */
function humanPause(dice: Dice): number {
  return Math.max(350, dice.logNormal(1200, 0.35));
}

/** The time a person takes to read the challenge image and pick its code (ms). */
function readingTime(dice: Dice): number {
  return Math.max(900, dice.logNormal(2500, 0.3));
}

/** A random point of the button, somewhat off its centre, as a hand lands. */
function randomPoint(dice: Dice): { x: number; y: number } {
  return {
    x: Math.round(NEXT_BUTTON.x + NEXT_BUTTON.width * dice.between(0.12, 0.88)),
    y: Math.round(NEXT_BUTTON.y + NEXT_BUTTON.height * dice.between(0.15, 0.85)),
  };
}

/** A trusted mouse click on the button at `point` in a visible tab, as the surf bar reports it. */
function mouseClick(point: { x: number; y: number }, clickDelayMs: number, intervalMs: number | null): ClickTelemetry {
  return {
    ...point,
    clickDelayMs: Math.round(Math.max(0, clickDelayMs)),
    intervalMs: intervalMs === null ? null : Math.round(intervalMs),
    target: { ...NEXT_BUTTON },
    isTrusted: true,
    keyEvent: false,
    visible: true,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// ---------------------------------------------------------------------------------------------
// One surfer's session and what it came to

/** The post on screen: its ticket, when its countdown ends (server clock, ms) and the codes offered, if challenged. */
export interface OnScreen {
  ticketId: string;
  countdownEnd: number;
  /** The countdown's length (ms). */
  timerMs: number;
  codes: string[] | null;
  /** The challenge's picture, when challenged. */
  challengeImage: string | null;
  /** The first view of a surf session (one POST /data/surf/next answered, not a claim's acknowledgement). */
  first: boolean;
}

/** A settled claim (credited or closed without credit). */
export interface SettledView {
  ticketId: string;
  outcome: SurfClaimOutcome;
  credited: boolean;
  challenged: boolean;
  first: boolean;
  /** The bot sent a code it could not read, picked among the ones offered (1 in `options` is right). */
  guessedAmong: number | null;
  /** When the claim left, ms after the countdown's end (client clock; the test shares the server's). */
  sentAfterCountdownMs: number;
}

/** A claim sent for a ticket already settled, or sent before its countdown ended, and what the server answered. */
export interface ExtraClaim {
  sentAfterCountdownMs: number;
  answer: ClaimAck;
}

export class SurfSession {
  readonly views: SettledView[] = [];
  /** Refusal codes ({ error } acknowledgements) of the session's own claims, in order. */
  readonly refusals: string[] = [];
  /** Claims re-sent for settled tickets (replays). */
  readonly replays: ExtraClaim[] = [];
  /** Claims sent before the countdown ended. */
  readonly earlyClaims: ExtraClaim[] = [];
  /** Posts asked for over one on screen, its ticket left unclaimed. */
  skips = 0;
  /** How many of the 50 concurrent copies of one claim were credited (null: none were sent). */
  copiesCredited: number | null = null;
  /** Why the session ended before its time, when nothing more was offered. */
  emptyReason: SurfEmptyReason | null = null;
  private offer: SurfNextAnswer | null = null;
  private first = false;
  private lastClickAt: number | null = null;
  private lastPayload: unknown = null;

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    readonly member: TestMember & { tab: TestSocket },
    private readonly deadline: number,
  ) {}

  /** Opens the surf bar: POST /data/surf/next, the first view of the session. */
  async begin(): Promise<void> {
    await this.fetchOffer();
  }

  /** The post on screen; null when time is up or nothing is offered. */
  onScreen(): OnScreen | null {
    if (Date.now() >= this.deadline || !this.offer?.ticket) return null;
    const { ticket, data } = this.offer;
    const timerMs = data.timer * 1000;
    return {
      ticketId: ticket.id,
      countdownEnd: ticket.issuedAt + timerMs,
      timerMs,
      codes: data.codes,
      challengeImage: data.challengeImage,
      first: this.first,
    };
  }

  /** ms since this tab's previous Next click, as the page measures it (null on the first). */
  intervalAt(clickAt: number): number | null {
    return this.lastClickAt === null ? null : clickAt - this.lastClickAt;
  }

  /**
   * The Next click: the claim (with `next: true`) and, when `copies` > 1, that many identical
   * claims at once. A settled claim brings the next post; a refusal leaves the same ticket when
   * it was too early, else the session asks POST /data/surf/next again, as the surf bar does.
   */
  async click(
    view: OnScreen,
    telemetry: ClickTelemetry,
    code?: string,
    options: { guessedAmong?: number; copies?: number } = {},
  ): Promise<ClaimAck[]> {
    const payload = { ticketId: view.ticketId, telemetry, ...(code === undefined ? {} : { code }), next: true };
    this.lastPayload = payload;
    const sentAt = Date.now();
    this.lastClickAt = sentAt;
    const answers = await Promise.all(Array.from({ length: options.copies ?? 1 }, () => sendClaim(this.member.tab, payload)));
    const sentAfterCountdownMs = sentAt - view.countdownEnd;
    if (sentAfterCountdownMs < 0) this.earlyClaims.push(...answers.map((answer) => ({ sentAfterCountdownMs, answer })));
    let settled = false;
    for (const answer of answers) {
      if ('error' in answer) {
        this.refusals.push(answer.error.code);
        continue;
      }
      this.views.push({
        ticketId: view.ticketId,
        outcome: answer.data.outcome,
        credited: answer.data.credited === 1,
        challenged: view.codes !== null,
        first: view.first,
        guessedAmong: options.guessedAmong ?? null,
        sentAfterCountdownMs,
      });
      if (answer.data.next) this.useOffer(answer.data.next, false);
      settled = true;
    }
    if (options.copies !== undefined) this.copiesCredited = answers.filter((a) => 'data' in a && a.data.credited === 1).length;
    if (!settled && !answers.every((answer) => 'error' in answer && answer.error.code === 'too_early')) await this.fetchOffer();
    return answers;
  }

  /** GETs the challenge's picture as the tab's browser (its cookies and address), as the page's <img> does. */
  async loadPicture(view: OnScreen): Promise<void> {
    const { browser } = this.member;
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetchRaw(this.baseUrl, view.challengeImage!, { headers: { ...browser.headers, cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${this.name}: the challenge picture answered ${response.status}`);
  }

  /** Asks for another post over the one on screen (POST /data/surf/next), leaving its ticket unclaimed. */
  async skip(): Promise<void> {
    this.skips++;
    await this.fetchOffer();
  }

  /** Sends the last claim again as is, once its ticket is settled: the post on screen stays. */
  async replayLastClaim(settled: OnScreen): Promise<void> {
    const sentAfterCountdownMs = Date.now() - settled.countdownEnd;
    this.replays.push({ sentAfterCountdownMs, answer: await sendClaim(this.member.tab, this.lastPayload) });
  }

  /** POST /data/surf/next: its post is the first view of a surf session. */
  private async fetchOffer(): Promise<void> {
    const { status, body } = await surfNext(this.member.browser, this.member.tab);
    if (status !== 200) throw new Error(`${this.name}: surf next failed: ${status} ${JSON.stringify(body.errors)}`);
    this.useOffer(body.data!, true);
  }

  private useOffer(offer: SurfNextAnswer, first: boolean): void {
    this.offer = offer;
    this.first = first;
    if (!offer.ticket) this.emptyReason = offer.emptyReason;
  }
}

// ---------------------------------------------------------------------------------------------
// The surfers

export type SurferKind =
  'honest' | 'script' | 'metronome' | 'hidden-tab' | 'protocol' | 'patient-protocol' | 'replay' | 'early-claim' | 'skipper';

/** What a surfer needs to surf: its session, its dice, and the database (where a person "reads" the image). */
export interface SurfContext {
  session: SurfSession;
  dice: Dice;
  db: pg.Client;
}

/** Waits until `at` (ms, the server's clock, which the test shares). */
async function waitUntil(at: number): Promise<void> {
  await sleep(at - Date.now());
}

/** A person reading the picture: it loads in the page, and the person picks the code it shows. */
async function readCode(session: SurfSession, db: pg.Client, view: OnScreen): Promise<string | undefined> {
  await session.loadPicture(view);
  return (await challengeCodeOf(db, view.ticketId)) ?? undefined;
}

/**
 * A person's Next click on `view`: a log-normal pause of about 1.2 s after the countdown ends
 * (longer when a challenge image is there to read, whose code is then picked, if `reads`), then
 * the mouse on a random point of the button, reporting the delay it truly took. Answers when the
 * click is due; the caller sends it.
 */
async function personClick(
  { session, dice, db }: SurfContext,
  view: OnScreen,
  reads: boolean,
): Promise<{ telemetry: ClickTelemetry; code?: string }> {
  const reading = reads && view.codes !== null;
  const clickAt = view.countdownEnd + humanPause(dice) + (reading ? readingTime(dice) : 0);
  const code = reading ? await readCode(session, db, view) : undefined;
  await waitUntil(clickAt);
  const now = Date.now();
  return { telemetry: mouseClick(randomPoint(dice), now - view.countdownEnd, session.intervalAt(now)), code };
}

/** A person surfing in a visible tab, reading every challenge image. */
async function honest(context: SurfContext): Promise<void> {
  const { session } = context;
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    const { telemetry, code } = await personClick(context, view, true);
    await session.click(view, telemetry, code);
  }
}

/** `button.click()` from a script as soon as Next enables: an untrusted click at (0, 0); no code. */
async function script({ session }: SurfContext): Promise<void> {
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    await waitUntil(view.countdownEnd + 2);
    const now = Date.now();
    const [answer] = await session.click(view, {
      ...mouseClick({ x: 0, y: 0 }, now - view.countdownEnd, session.intervalAt(now)),
      isTrusted: false,
    });
    if ('error' in answer) await sleep(10);
  }
}

/** The metronome's delay after the countdown, the same every view (ms). */
const METRONOME_DELAY_MS = 700;

/** The same delay after the countdown and the same pixel every view, with real (trusted) clicks; no code. */
async function metronome({ session }: SurfContext): Promise<void> {
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    await waitUntil(view.countdownEnd + METRONOME_DELAY_MS);
    const telemetry = mouseClick({ x: 401, y: 533 }, METRONOME_DELAY_MS, session.intervalAt(Date.now()));
    const [answer] = await session.click(view, telemetry);
    if ('error' in answer) await sleep(10);
  }
}

/** A human-paced autosurf in a background tab: nobody sees the page, so no challenge is answered. */
async function hiddenTab(context: SurfContext): Promise<void> {
  const { session } = context;
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    const { telemetry } = await personClick(context, view, false);
    await session.click(view, { ...telemetry, visible: false });
  }
}

/**
 * socket.io-client speaking the protocol: claims a few ms after the countdown ends with random
 * human-like telemetry (about 1.17 s of click delay, a human interval); it cannot read a challenge
 * image, so it picks one of the offered codes at random.
 */
async function protocol({ session, dice }: SurfContext): Promise<void> {
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    await waitUntil(view.countdownEnd + 8);
    const reported = Math.max(400, dice.logNormal(1170, 0.25));
    const interval = session.intervalAt(Date.now()) === null ? null : view.timerMs + reported + dice.logNormal(40, 0.5);
    const telemetry = mouseClick(randomPoint(dice), reported, interval);
    const code = view.codes ? dice.pick(view.codes) : undefined;
    const [answer] = await session.click(view, telemetry, code, view.codes ? { guessedAmong: view.codes.length } : {});
    if ('error' in answer) await sleep(10);
  }
}

/**
 * socket.io-client speaking the protocol like the one above, but patient: it waits as long as the
 * click delay it reports, like a person, so the server's clock agrees with its telemetry. It
 * cannot read a challenge image either, so it picks one of the offered codes at random.
 */
async function patientProtocol({ session, dice }: SurfContext): Promise<void> {
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    const reported = humanPause(dice);
    await waitUntil(view.countdownEnd + reported);
    const now = Date.now();
    const telemetry = mouseClick(randomPoint(dice), now - view.countdownEnd, session.intervalAt(now));
    const code = view.codes ? dice.pick(view.codes) : undefined;
    const [answer] = await session.click(view, telemetry, code, view.codes ? { guessedAmong: view.codes.length } : {});
    if ('error' in answer) await sleep(10);
  }
}

/** How many identical claims the replay bot sends at once, on its first view. */
export const CONCURRENT_COPIES = 50;

/**
 * Human-paced and reading the image like a person, but after every settled claim it sends the
 * very same claim again; its first claim goes as 50 identical copies at once.
 */
async function replay(context: SurfContext): Promise<void> {
  const { session } = context;
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    const { telemetry, code } = await personClick(context, view, true);
    const copies = session.copiesCredited === null ? CONCURRENT_COPIES : undefined;
    const answers = await session.click(view, telemetry, code, copies ? { copies } : {});
    if (answers.some((answer) => 'data' in answer)) await session.replayLastClaim(view);
  }
}

/** How often the early-claim bot claims while the countdown runs (ms). */
const EARLY_CLAIM_EVERY_MS = 150;
/**
 * The early-claim bot's last early claim leaves this long (ms) before the countdown ends, so that
 * it reaches the server before the end even on a busy machine: what it tests is a claim that
 * arrives early.
 */
const EARLY_CLAIM_MARGIN_MS = 250;

/** Claims every 150 ms from the moment the post is shown, then once more like a person after the countdown. */
async function earlyClaim(context: SurfContext): Promise<void> {
  const { session, dice } = context;
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    let settled = false;
    while (!settled && Date.now() < view.countdownEnd - EARLY_CLAIM_MARGIN_MS) {
      const telemetry = mouseClick(randomPoint(dice), 0, session.intervalAt(Date.now()));
      settled = (await session.click(view, telemetry)).some((answer) => 'data' in answer);
      await sleep(EARLY_CLAIM_EVERY_MS);
    }
    if (settled) continue;
    const { telemetry, code } = await personClick(context, view, true);
    await session.click(view, telemetry, code);
  }
}

/**
 * A person answered the account's first challenge (the test arranges that history); from then on a
 * script surfs like that person and, whenever a view is challenged, asks for another post
 * (POST /data/surf/next) instead of answering.
 */
async function skipper(context: SurfContext): Promise<void> {
  const { session } = context;
  for (let view = session.onScreen(); view; view = session.onScreen()) {
    if (view.codes !== null) {
      await session.skip();
      continue;
    }
    const { telemetry } = await personClick(context, view, false);
    await session.click(view, telemetry);
  }
}

export const SURFERS: Record<SurferKind, (context: SurfContext) => Promise<void>> = {
  honest,
  script,
  metronome,
  'hidden-tab': hiddenTab,
  protocol,
  'patient-protocol': patientProtocol,
  replay,
  'early-claim': earlyClaim,
  skipper,
};

// ---------------------------------------------------------------------------------------------
// Setting the scene

/** A new member whose requests and tab come from `address` (X-Forwarded-For, with the app's trustProxy on). */
export async function surferFrom(baseUrl: string, address: string): Promise<TestMember & { tab: TestSocket }> {
  const headers = { 'x-forwarded-for': address };
  const member = await signUp(baseUrl, {}, new TestBrowser(baseUrl, headers));
  return Object.assign(member, { tab: await connectSocket(baseUrl, member.browser, { headers }) });
}

/** A post owner with `posts` posts of `creditsEach` credits (granted by an admin adjustment). */
export async function ownerWithPosts(
  baseUrl: string,
  db: pg.Client,
  address: string,
  posts: number,
  creditsEach: number,
): Promise<number[]> {
  const owner = await signUp(baseUrl, {}, new TestBrowser(baseUrl, { 'x-forwarded-for': address }));
  await grantCredits(db, owner.id, posts * creditsEach);
  const pids: number[] = [];
  for (let i = 0; i < posts; i++) pids.push(await promotedPost(owner, creditsEach));
  return pids;
}

/** Credits per member from credited views the earnings review did not void: what matures. */
export async function maturingByUser(db: pg.Client, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query(
    `SELECT viewer_id, sum(earned)::int AS n FROM view_tickets
      WHERE status = 'claimed' AND voided_at IS NULL AND viewer_id = ANY($1) GROUP BY viewer_id`,
    [userIds],
  );
  return new Map(userIds.map((id) => [id, rows.find((row) => row.viewer_id === id)?.n ?? 0]));
}

/** `view_earned` ledger rows per member: the credits each really earned by viewing. */
export async function viewsEarnedByUser(db: pg.Client, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query(
    `SELECT user_id, count(*)::int AS n FROM credit_ledger
      WHERE account = 'user' AND kind = 'view_earned' AND user_id = ANY($1) GROUP BY user_id`,
    [userIds],
  );
  return new Map(userIds.map((id) => [id, rows.find((row) => row.user_id === id)?.n ?? 0]));
}

// ---------------------------------------------------------------------------------------------
// Reading the run

/** What one surfer's session came to. */
export interface Tally {
  name: string;
  kind: SurferKind;
  views: number;
  credited: number;
  /** `view_earned` rows in the ledger. */
  ledgerCredits: number;
  /** Credits earned by views the earnings review left standing: what will mature. */
  matured: number;
  skips: number;
  /** Credits on unchallenged views that no right guess opened (see `openedByGuess`). */
  creditedUnchallenged: number;
  /**
   * Credits on unchallenged views that a right guess opened: the latest challenged view before
   * them was a guess that came out right (credited or rechecked). A right answer lets the next
   * views go unchallenged until the stretch's random challenge, so they are luck's, not a hole.
   */
  creditedOpenedByGuess: number;
  /** Guesses that came out right (credited or rechecked). */
  rightGuesses: number;
  creditedChallenged: number;
  challenged: number;
  /** Challenged views other than the session's first. */
  challengedLater: number;
  guesses: number;
  /** The largest chance a single guess had of being right (1 / options), 0 without guesses. */
  guessChance: number;
  outcomes: Partial<Record<SurfClaimOutcome, number>>;
  refusals: Record<string, number>;
  stopped: boolean;
  emptyReason: SurfEmptyReason | null;
  /** Some view was credited after `wrongInARow` wrong answers in a row. */
  creditedAfterWrongRun: (wrongInARow: number) => boolean;
  medianClaimDelayMs: number | null;
}

function countBy<T extends string>(items: T[]): Partial<Record<T, number>> {
  const counts: Partial<Record<T, number>> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A code picked among the offered ones that was right: credited, or right just after a wrong one (rechecked). */
const isRightGuess = (view: SettledView) =>
  view.guessedAmong !== null && (view.outcome === 'credited' || view.outcome === 'rechecked');

/** The unchallenged views whose latest challenged view before them was a right guess. */
function openedByGuess(views: SettledView[]): Set<SettledView> {
  const opened = new Set<SettledView>();
  let open = false;
  for (const view of views) {
    if (view.challenged) open = isRightGuess(view);
    else if (open) opened.add(view);
  }
  return opened;
}

export function tally(kind: SurferKind, session: SurfSession, ledgerCredits: number, matured: number): Tally {
  const { views } = session;
  const credited = views.filter((view) => view.credited);
  const challenged = views.filter((view) => view.challenged);
  const guesses = views.filter((view) => view.guessedAmong !== null);
  const opened = openedByGuess(views);
  return {
    name: session.name,
    kind,
    views: views.length,
    credited: credited.length,
    ledgerCredits,
    matured,
    skips: session.skips,
    creditedUnchallenged: credited.filter((view) => !view.challenged && !opened.has(view)).length,
    creditedOpenedByGuess: credited.filter((view) => opened.has(view)).length,
    rightGuesses: guesses.filter(isRightGuess).length,
    creditedChallenged: credited.filter((view) => view.challenged).length,
    challenged: challenged.length,
    challengedLater: challenged.filter((view) => !view.first).length,
    guesses: guesses.length,
    guessChance: Math.max(0, ...guesses.map((view) => 1 / view.guessedAmong!)),
    outcomes: countBy(views.map((view) => view.outcome)),
    refusals: {
      ...countBy(session.refusals),
      ...Object.fromEntries(
        Object.entries(countBy(session.replays.map(({ answer }) => ('error' in answer ? answer.error.code : 'settled')))).map(
          ([code, n]) => [`replayed: ${code}`, n],
        ),
      ),
    } as Record<string, number>,
    stopped: views.some((view) => (view.outcome as string) === 'stopped') || session.emptyReason === 'earning_blocked',
    emptyReason: session.emptyReason,
    creditedAfterWrongRun: (wrongInARow) => {
      let run = 0;
      for (const view of views) {
        if (view.credited && run >= wrongInARow) return true;
        run = view.outcome === 'wrong_code' ? run + 1 : 0;
      }
      return false;
    },
    medianClaimDelayMs: median(views.map((view) => view.sentAfterCountdownMs)),
  };
}

/**
 * The most credits right guesses bring, but for a chance below `tolerance`: the smallest k with
 * P(X > k) < tolerance for X ~ Binomial(guesses, chance). It bounds what luck alone can earn a bot
 * that picks codes it cannot read, so the suite does not fail on a lucky run.
 */
export function luckyCeiling(guesses: number, chance: number, tolerance = 0.001): number {
  let below = 0;
  for (let k = 0; k <= guesses; k++) {
    below += binomial(guesses, k) * chance ** k * (1 - chance) ** (guesses - k);
    if (1 - below < tolerance) return k;
  }
  return guesses;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

const counts = (tallied: Record<string, number | undefined>) =>
  Object.entries(tallied)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || '-';

/** The run as a table, one row per surfer (shares of the honest surfers' mean credits). */
export function table(tallies: Tally[], honestMean: number, seed: number): string {
  const head = [
    'surfer',
    'views',
    'credited',
    'ledger',
    'share',
    'matured',
    'challenged',
    'guesses',
    'stopped',
    'delay',
    'outcomes',
    'refusals',
  ];
  const rows = tallies.map((t) => [
    t.name,
    String(t.views),
    String(t.credited),
    String(t.ledgerCredits),
    honestMean > 0 ? `${((100 * t.credited) / honestMean).toFixed(1)}%` : '-',
    String(t.matured),
    String(t.challenged),
    String(t.guesses),
    t.stopped ? 'yes' : t.emptyReason ? `(${t.emptyReason})` : 'no',
    t.medianClaimDelayMs === null ? '-' : `${t.medianClaimDelayMs} ms`,
    counts(t.outcomes),
    counts(t.refusals),
  ]);
  const widths = head.map((_, i) => Math.max(head[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [
    `bot suite, seed ${seed}; share = credits / the honest surfers' mean (${honestMean.toFixed(1)}); delay = median claim time after the countdown`,
    line(head),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}
