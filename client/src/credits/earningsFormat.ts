import type { EarningsSummary } from '@shared/earnings/earnings.js';
import type { Spendable } from './earningsSummary.js';

export interface ClockOptions {
  locale?: string;
  timeZone?: string;
}

/** A moment as a clock time, with the weekday when it is not today: "14:05", "Tue 09:30". */
export function clockText(atMs: number, nowMs: number, options: ClockOptions = {}): string {
  const day = new Intl.DateTimeFormat(options.locale, { dateStyle: 'short', timeZone: options.timeZone });
  const sameDay = day.format(atMs) === day.format(nowMs);
  return new Intl.DateTimeFormat(options.locale, {
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(atMs);
}

const count = (value: number) => value.toLocaleString();

/** The header's short note beside the balance: "40 pending". */
export function pendingNote(pending: number): string {
  return `${count(pending)} pending`;
}

/**
 * What the pending note means, in a sentence: "40 credits are in review until 14:05; you can
 * spend 970 now." The time is when the next of them leave review (the summary knows only that):
 * the pending figure goes down then, and the summary is read again.
 */
export function pendingExplanation(
  spendable: Spendable,
  nextMatureMs: number | null,
  nowMs: number,
  options: ClockOptions = {},
): string {
  const credits = `${count(spendable.pending)} credit${spendable.pending === 1 ? ' is' : 's are'} in review`;
  const until = nextMatureMs === null ? '' : ` until ${clockText(nextMatureMs, nowMs, options)}`;
  return `${credits}${until}; you can spend ${count(spendable.available)} now.`;
}

/** The figures of the surf bar's progress line after its label: "12 of 50 · 40 pending · 970 available". */
export function earningsProgressFigures(summary: EarningsSummary, spendable: Spendable): string {
  const parts = [`${count(summary.earnedToday)} of ${count(summary.capToday)}`];
  if (spendable.pending > 0) parts.push(pendingNote(spendable.pending));
  parts.push(`${count(spendable.available)} available`);
  return parts.join(' · ');
}

/** The surf bar's progress line: "Earned today 12 of 50 · 40 pending · 970 available". */
export function earningsProgressText(summary: EarningsSummary, spendable: Spendable): string {
  return `Earned today ${earningsProgressFigures(summary, spendable)}`;
}

/**
 * The views line under the progress: "19 views left today · 3 this session" (the session part only
 * where a surf bar runs: `sessionViews` null leaves it out); "No views left today" at the cap.
 */
export function viewsProgressText(summary: Pick<EarningsSummary, 'viewsLeftToday'>, sessionViews: number | null): string {
  const left = summary.viewsLeftToday;
  const parts = [left === 0 ? 'No views left today' : `${count(left)} view${left === 1 ? '' : 's'} left today`];
  if (sessionViews !== null) parts.push(`${count(sessionViews)} this session`);
  return parts.join(' · ');
}

/** What a credited view earns the member: "1 credit", "2 credits". */
export function creditsPerViewText(creditsPerView: number): string {
  return `${count(creditsPerView)} credit${creditsPerView === 1 ? '' : 's'}`;
}

/** The spending forms' note: "970 available, 40 in review"; null when nothing is in review. */
export function availableNote(spendable: Spendable): string | null {
  if (spendable.pending <= 0) return null;
  return `${count(spendable.available)} available, ${count(spendable.pending)} in review`;
}

/** The day's progress toward the cap, 0–1 (a cap of 0: nothing left to earn, shown full). */
export function capProgress(summary: Pick<EarningsSummary, 'earnedToday' | 'capToday'>): number {
  if (summary.capToday <= 0) return 1;
  return Math.min(1, summary.earnedToday / summary.capToday);
}
