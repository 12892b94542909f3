import { formatCalendarDay, formatDate, formatDateTime } from './dates.js';

describe('showing dates', () => {
  const utcInLondon = { locale: 'en-GB', timeZone: 'UTC' };

  it('shows a day, or a day and a time, in the given locale', () => {
    expect(formatDate('2026-03-03T14:05:00Z', utcInLondon)).toBe('3 Mar 2026');
    expect(formatDateTime('2026-03-03T14:05:00Z', utcInLondon)).toBe('3 Mar 2026, 14:05');
  });

  it('shows a dash for a value that is not a date', () => {
    expect(formatDate('not a date', utcInLondon)).toBe('–');
    expect(formatDateTime('', utcInLondon)).toBe('–');
  });
});

describe('showing a calendar day', () => {
  it('shows the day it names in any zone, in full or as day and month', () => {
    expect(formatCalendarDay('2026-11-27', { locale: 'en-GB' })).toBe('27 Nov 2026');
    expect(formatCalendarDay('2026-11-27', { locale: 'en-GB', short: true })).toBe('27 Nov');
    expect(formatCalendarDay('2026-13-01', { locale: 'en-GB' })).toBe('–');
  });
});
