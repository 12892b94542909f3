import { STATS_PERIODS, type StatsPeriod, type StatsPeriodAnswer } from '@shared/stats/stats.js';
import { addDays } from '@shared/stats/stats-range.js';
import { formatCalendarDay } from '../format/dates.js';

/** What Detailed Stats shows: the last 7, 30 or 90 days, or a range of days the member chose. */
export type StatsSelection = { days: StatsPeriod } | { from: string; to: string };

/**
 * The selection a page address asks for: its `from` and `to` when it has both (the server checks
 * them), else the last `days` days, else the period kept from before.
 */
export function selectionOf(params: URLSearchParams, kept: StatsPeriod): StatsSelection {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to) return { from, to };
  const days = Number(params.get('days'));
  return { days: (STATS_PERIODS as readonly number[]).includes(days) ? (days as StatsPeriod) : kept };
}

/** The page address's query for a selection, keeping its other parameters (the post shown). */
export function withSelection(params: URLSearchParams, selection: StatsSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['days', 'from', 'to']) next.delete(name);
  if ('from' in selection) {
    next.set('from', selection.from);
    next.set('to', selection.to);
  } else next.set('days', String(selection.days));
  return next;
}

/** The stats call's query for a selection in the member's zone. */
export function selectionQuery(selection: StatsSelection, tz: string): string {
  const query: Record<string, string> =
    'from' in selection ? { from: selection.from, to: selection.to } : { days: String(selection.days) };
  return new URLSearchParams({ ...query, tz }).toString();
}

/** The browser's own time zone, so the days end at the member's midnight. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** How a heading names an answer's period: "last 30 days", or its first and last day ("1 Nov 2026 to 8 Nov 2026"). */
export function periodName(answer: StatsPeriodAnswer, selection: StatsSelection, locale?: string): string {
  if (!('from' in selection)) return `last ${answer.days} days`;
  const [from, to] = [formatCalendarDay(answer.from, { locale }), formatCalendarDay(answer.to, { locale })];
  return answer.from === answer.to ? from : `${from} to ${to}`;
}

/** The period of the same length just before an answer's, which its headline figures are compared with. */
export function previousPeriod(answer: StatsPeriodAnswer): { from: string; to: string } {
  return { from: addDays(answer.from, -answer.days), to: addDays(answer.from, -1) };
}
