/**
 * Calendar days as Detailed Stats names them (YYYY-MM-DD, a day of the member's own zone): the
 * arithmetic both sides share, on UTC midnights so no zone or summer time shifts a day.
 */

/** The longest free range Detailed Stats answers, in days (a leap year). */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a calendar day, or NaN when it is not one (2026-02-30, 2026-13-01, 26-1-1). */
function utcMidnight(day: string): number {
  const parts = CALENDAR_DAY.exec(day);
  if (!parts) return Number.NaN;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const midnight = Date.UTC(year, month - 1, date);
  const back = new Date(midnight);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? midnight : Number.NaN;
}

/** Whether a string names a day that exists in the calendar, as YYYY-MM-DD. */
export const isCalendarDay = (day: string): boolean => !Number.isNaN(utcMidnight(day));

/** The calendar day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return new Date(utcMidnight(day) + count * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a range holds, both ends included: 1 when `from` is `to`, 0 or less when `to` comes first. */
export function daysIn(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS) + 1;
}

/** What is wrong with a range of two calendar days, named by the field to fix; null when nothing is. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  const days = daysIn(from, to);
  if (days < 1) return { field: 'to', message: 'The last day comes before the first.' };
  if (days > MAX_RANGE_DAYS) return { field: 'from', message: `Choose at most ${MAX_RANGE_DAYS} days.` };
  return null;
}
