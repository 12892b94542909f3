import { nextPostText, waitText } from './nextPostTime.js';

const options = { locale: 'en-GB', timeZone: 'UTC' };
const noon = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('when the next post can come', () => {
  it('says the wait in minutes and hours, rounded up', () => {
    expect(waitText(0)).toBe('in less than a minute');
    expect(waitText(59_000)).toBe('in less than a minute');
    expect(waitText(4 * 60_000 + 1)).toBe('in 5 min');
    expect(waitText(2 * 3_600_000 + 5 * 60_000)).toBe('in 2 h 5 min');
    expect(waitText(3 * 3_600_000)).toBe('in 3 h');
  });

  it('gives the time of day when it is today, and the weekday when it is not', () => {
    expect(nextPostText(noon + 2 * 3_600_000 + 32 * 60_000, noon, options)).toBe('at 14:32 (in 2 h 32 min)');
    expect(nextPostText(noon + 20 * 3_600_000, noon, options)).toBe('Wed 08:00 (in 20 h)');
  });

  it('never says a time in the past', () => {
    expect(nextPostText(noon - 5_000, noon, options)).toBe('at 12:00 (in less than a minute)');
  });
});
