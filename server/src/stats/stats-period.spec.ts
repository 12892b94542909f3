import { liveRangeOf, SETTLE_MS } from './stats-period.js';

/** Three days of Europe/Berlin around the end of summer time (the last day is 25 hours long). */
const period = {
  start: new Date('2026-10-23T22:00:00Z'),
  days: ['2026-10-24', '2026-10-25', '2026-10-26'],
  starts: [new Date('2026-10-23T22:00:00Z'), new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z')],
};
const todayStart = period.starts[2]!.getTime();

describe('which days of a period are read live', () => {
  it('only today once yesterday ended long enough ago to have settled', () => {
    expect(liveRangeOf(period, todayStart + SETTLE_MS)).toEqual({
      finishedDays: 2,
      from: period.starts[2],
      utcDay: '2026-10-25',
    });
  });

  it('yesterday too just after midnight, while late writes may still land in it', () => {
    expect(liveRangeOf(period, todayStart + SETTLE_MS - 1)).toEqual({
      finishedDays: 1,
      from: period.starts[1],
      utcDay: '2026-10-25',
    });
  });

  it('countries (kept by UTC day) read the UTC day before live until it has settled', () => {
    const utcMidnight = new Date('2026-10-26T00:00:00Z').getTime();
    expect(liveRangeOf(period, utcMidnight + SETTLE_MS - 1).utcDay).toBe('2026-10-25');
    expect(liveRangeOf(period, utcMidnight + SETTLE_MS).utcDay).toBe('2026-10-26');
  });
});
