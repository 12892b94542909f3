import type { ReviewCategory, ReviewEvidence, ReviewEvidenceOf } from '@shared/admin/earnings-review.js';
import { ACCOUNTS_PER_ADDRESS } from '../surf/risk-thresholds.js';

/**
 * The earnings review's rules: when a member's views still in review (pending: credited, not
 * matured, not voided) are judged invalid, by category. Every threshold is here; the queries that
 * gather what the rules look at are in `earnings.repository.ts`, and the job that applies them in
 * `earnings-review.service.ts`. Only members with views in review are looked at, and a rule that
 * compares accounts compares only accounts with views in review.
 *
 * The honest newcomer (one account on their own device, a person's timing, maybe one wrong
 * answer) matches none of them.
 */

/**
 * `stopped`: the member's earning is stopped (`users.earning_blocked`: the surf score reached the
 * stop score, wrong answers stopped it, or an admin did). Whatever they earned and have not been
 * able to spend yet was earned in the run that got them stopped.
 */
export const STOPPED = 'stopped' satisfies ReviewCategory;

/**
 * `wrong_answers`: a history of wrong challenge answers. Judged on the answers kept on the
 * member's row (`users.recent_answers`, the last ANSWERS_KEPT, a skipped challenge counting as
 * wrong), since a ticket does not keep why it was not credited: WRONG_ANSWERS_TO_VOID or more wrong
 * among them, or at least WRONG_SHARE_MIN_ANSWERS answers of which WRONG_SHARE_TO_VOID or more are
 * wrong. One wrong answer (a typo) never voids: with three answers or more it is under 40%.
 */
export const WRONG_ANSWERS_TO_VOID = 2;
export const WRONG_SHARE_MIN_ANSWERS = 3;
export const WRONG_SHARE_TO_VOID = 0.4;

/**
 * `inhuman_latency`: a credited view whose challenge was answered from its picture (challenge_mode
 * NULL; a code mailed to the member proves an inbox, not reading speed) sooner than
 * HUMAN_READING_MS after the picture was first fetched (`claimed_at - challenge_seen_at`), or
 * without the picture ever being fetched: a person has to see the distorted code, find it among
 * the options and click; software that reads it (or never looks) answers in a few hundred ms.
 */
export const HUMAN_READING_MS = 800;

/**
 * `shared_device`: SHARED_DEVICE_ACCOUNTS or more accounts with views in review whose sessions
 * seen in the last SHARED_WINDOW_HOURS carry one device cookie. The cookie is one browser's: two
 * people do not earn from one browser profile.
 */
export const SHARED_DEVICE_ACCOUNTS = 2;

/**
 * `shared_address`: ACCOUNTS_PER_ADDRESS (the surf score's threshold) or more accounts with views
 * in review whose sessions seen in the last SHARED_WINDOW_HOURS used one address. Addresses the
 * surf score leaves out are left out here too (UNCOUNTED_ADDRESSES).
 */
export const SHARED_ADDRESS_ACCOUNTS = ACCOUNTS_PER_ADDRESS;

/** The window over which sessions share a device or an address. */
export const SHARED_WINDOW_HOURS = 24;

/**
 * Addresses no rule counts, exactly those surf_risk leaves out (`surf/sql/surf_risk.sql`, its
 * shared address check; `review-rules.spec.ts` holds the two lists equal): unknown ('') and
 * loopback, which stand for a proxy that does not pass the client's address on, or for tests.
 */
export const UNCOUNTED_ADDRESSES: readonly string[] = ['', '127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * `fresh_account_burst`: FRESH_BURST_ACCOUNTS or more accounts, each with views in review, created
 * within FRESH_BURST_WINDOW_MINUTES of each other from one address (their first session's, the
 * one they signed up from; UNCOUNTED_ADDRESSES left out) or one device: accounts made in a batch
 * to earn in parallel.
 */
export const FRESH_BURST_ACCOUNTS = 3;
export const FRESH_BURST_WINDOW_MINUTES = 60;

/**
 * `timing_signature`: TIMING_ACCOUNTS or more accounts with views in review whose server-side click
 * delays (the claim after the countdown's end, `claimed_at - issued_at - timer_seconds`) over
 * their last TIMING_VIEWS credited views (TIMING_MIN_VIEWS at least) are machine-alike: each one's
 * spread (the interquartile range) under TIMING_SPREAD_MS, and their medians within
 * TIMING_MEDIAN_GAP_MS of each other.
 *
 * People vary by hundreds of milliseconds from click to click: a reaction after a countdown is
 * spread like a log-normal around a second, whose middle half spans 400 ms and more, and two people
 * differ in their medians by as much. One script run on several accounts waits the same programmed
 * delay on each, give or take the network: spreads of tens of ms, medians within a few tens of ms.
 * Under 150 ms of spread and 60 ms between medians, on three accounts at once, is the script.
 */
export const TIMING_ACCOUNTS = 3;
export const TIMING_VIEWS = 20;
export const TIMING_MIN_VIEWS = 8;
export const TIMING_SPREAD_MS = 150;
export const TIMING_MEDIAN_GAP_MS = 60;

/**
 * When a member matches several categories, their views are voided under the first in this order
 * (the others are kept with the evidence): what the member's own views show first, then what
 * they share with other accounts, the narrowest sharing first.
 */
export const CATEGORY_ORDER: readonly ReviewCategory[] = [
  'stopped',
  'inhuman_latency',
  'wrong_answers',
  'timing_signature',
  'shared_device',
  'fresh_account_burst',
  'shared_address',
];

/** The wrong answers rule on a member's kept answers (oldest first; false: wrong or skipped). */
export function wrongAnswersVoid(wrongCodes: number, recentAnswers: readonly boolean[]): boolean {
  const wrong = recentAnswers.filter((right) => !right).length;
  if (Math.max(wrongCodes, wrong) >= WRONG_ANSWERS_TO_VOID) return true;
  return recentAnswers.length >= WRONG_SHARE_MIN_ANSWERS && wrong >= WRONG_SHARE_TO_VOID * recentAnswers.length;
}

/** One account's click delays over its last credited views. */
export interface TimingProfile {
  userId: number;
  views: number;
  medianMs: number;
  /** The interquartile range. */
  spreadMs: number;
}

/**
 * The timing signature rule: each account whose delays are machine-steady and whose median sits
 * within TIMING_MEDIAN_GAP_MS of at least TIMING_ACCOUNTS - 1 other such accounts, with its
 * evidence (the accounts of the widest such group it belongs to).
 */
export function timingSignatures(profiles: readonly TimingProfile[]): Map<number, ReviewEvidenceOf<'timing_signature'>> {
  const steady = profiles
    .filter((profile) => profile.views >= TIMING_MIN_VIEWS && profile.spreadMs < TIMING_SPREAD_MS)
    .sort((a, b) => a.medianMs - b.medianMs || a.userId - b.userId);
  const groups = new Map<number, TimingProfile[]>();
  // Each window of medians within the gap, from each account on: sorted by median, so a window is a run.
  for (let start = 0; start < steady.length; start++) {
    let end = start;
    while (end + 1 < steady.length && steady[end + 1].medianMs - steady[start].medianMs <= TIMING_MEDIAN_GAP_MS) end++;
    const group = steady.slice(start, end + 1);
    if (group.length < TIMING_ACCOUNTS) continue;
    for (const member of group) {
      if ((groups.get(member.userId)?.length ?? 0) < group.length) groups.set(member.userId, group);
    }
  }
  const evidence = new Map<number, ReviewEvidenceOf<'timing_signature'>>();
  for (const [userId, group] of groups) {
    const own = group.find((profile) => profile.userId === userId)!;
    evidence.set(userId, {
      category: 'timing_signature',
      views: own.views,
      medianMs: Math.round(own.medianMs),
      spreadMs: Math.round(own.spreadMs),
      others: group
        .filter((profile) => profile.userId !== userId)
        .map((profile) => ({
          userId: profile.userId,
          medianMs: Math.round(profile.medianMs),
          spreadMs: Math.round(profile.spreadMs),
        })),
    });
  }
  return evidence;
}

/** What the review found against one member: the category their views are voided under, and everything it saw. */
export interface Verdict {
  userId: number;
  category: ReviewCategory;
  evidence: ReviewEvidence;
  /** The other categories the member matched, in CATEGORY_ORDER, with their evidence. */
  alsoMatched: ReviewEvidence[];
}

/** Every member some rule matched, once, under the first category of CATEGORY_ORDER they matched; by member id. */
export function verdictsOf(findings: readonly { userId: number; evidence: ReviewEvidence }[]): Verdict[] {
  const byMember = new Map<number, ReviewEvidence[]>();
  for (const { userId, evidence } of findings) {
    const found = byMember.get(userId) ?? [];
    // One piece of evidence per category and member: the first found.
    if (!found.some((earlier) => earlier.category === evidence.category)) found.push(evidence);
    byMember.set(userId, found);
  }
  return [...byMember]
    .sort(([a], [b]) => a - b)
    .map(([userId, found]) => {
      const [first, ...rest] = [...found].sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
      return { userId, category: first.category, evidence: first, alsoMatched: rest };
    });
}
