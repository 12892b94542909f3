export interface DateFormatOptions {
  locale?: string;
  timeZone?: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'dateTime', { locale, timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale ?? ''}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(kind === 'dateTime' ? { timeStyle: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day in the reader's locale, e.g. "3 Mar 2026"; an unreadable value shows as a dash. */
export function formatDate(iso: string, options: DateFormatOptions = {}): string {
  const date = parse(iso);
  return date ? formatter('date', options).format(date) : '–';
}

/** A day and time in the reader's locale, e.g. "3 Mar 2026, 14:05". */
export function formatDateTime(iso: string, options: DateFormatOptions = {}): string {
  const date = parse(iso);
  return date ? formatter('dateTime', options).format(date) : '–';
}

const calendarDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day (YYYY-MM-DD, already a day of the reader's zone, as Detailed Stats lists them) in
 * the reader's locale: "3 Mar 2026", or with `short` the day and month alone, "3 Mar". The day is
 * read as a UTC midnight and written in UTC, so no zone moves it to the day before.
 */
export function formatCalendarDay(day: string, { locale, short = false }: { locale?: string; short?: boolean } = {}): string {
  const date = parse(`${day}T00:00:00Z`);
  if (!date) return '–';
  const key = `${locale ?? ''}|${short}`;
  let format = calendarDayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      short ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' },
    );
    calendarDayFormats.set(key, format);
  }
  return format.format(date);
}
