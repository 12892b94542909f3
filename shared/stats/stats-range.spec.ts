import { addDays, daysIn, isCalendarDay } from './stats-range.js';

describe('calendar days of a stats range', () => {
  it('knows the days that exist and refuses the others', () => {
    expect(['2026-11-24', '2024-02-29', '2026-12-31'].every(isCalendarDay)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-00-10', '2026-11-31', '26-11-24', '2026-11-24T00:00', ''].some(isCalendarDay)).toBe(
      false,
    );
  });

  it('counts both ends of a range', () => {
    expect(daysIn('2026-11-24', '2026-11-24')).toBe(1);
    expect(daysIn('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysIn('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysIn('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysIn('2026-11-25', '2026-11-24')).toBe(0);
  });

  it('steps over month, year and leap-day ends', () => {
    expect(addDays('2026-11-24', -29)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });
});
