import { z } from 'zod';
import { text } from '../validation/text.js';
import { isCalendarDay, rangeProblem } from './stats-range.js';
import { STATS_PERIODS, type StatsPeriod } from './stats.js';

/** An IANA time zone the runtime knows (the browser sends its own), so days end at the member's midnight. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A calendar day of the member's zone, as `<input type=date>` gives it. */
const calendarDay = text({ error: 'Choose a day.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date as YYYY-MM-DD.', abort: true })
  .refine(isCalendarDay, 'No such day in the calendar.');

/**
 * A free range of days, both ends included, in the member's zone. That it does not end after
 * today is checked by the server, which knows today in the member's zone.
 */
export const statsRangeSchema = z.object({ from: calendarDay, to: calendarDay }).superRefine(({ from, to }, context) => {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return;
  const problem = rangeProblem(from, to);
  if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type StatsRange = z.infer<typeof statsRangeSchema>;

/**
 * Either the last `days` days (7, 30 or 90, up to today) or the days `from` … `to`; neither
 * means the last 30 days.
 */
export const statsQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .refine((value): value is StatsPeriod => (STATS_PERIODS as readonly number[]).includes(value), 'Choose 7, 30 or 90 days.')
      .optional(),
    from: text().optional(),
    to: text().optional(),
    tz: text().max(64).refine(isTimeZone, 'Unknown time zone.').default('UTC'),
  })
  .superRefine((query, context) => {
    if (query.from === undefined && query.to === undefined) return;
    if (query.days !== undefined)
      context.addIssue({ code: 'custom', path: ['days'], message: 'Choose either a number of days or a range.' });
    const range = statsRangeSchema.safeParse({ from: query.from, to: query.to });
    if (!range.success) for (const issue of range.error.issues) context.addIssue({ ...issue, code: 'custom' });
  })
  .transform(({ days, from, to, tz }): StatsQuery =>
    from !== undefined && to !== undefined ? { from, to, tz } : { days: days ?? 30, tz },
  );
export type StatsQuery = { days: StatsPeriod; tz: string } | (StatsRange & { tz: string });
