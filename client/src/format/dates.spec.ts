import { formatDate, formatDateTime } from './dates.js';

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
