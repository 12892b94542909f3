import { liveRangeOf, requestedDays, SETTLE_MS, utcDaysOf } from './stats-period.js';

/** Three days of Europe/Berlin around the end of summer time (the last day is 25 hours long). */
const period = {
  start: new Date('2026-10-23T22:00:00Z'),
  days: ['2026-10-24', '2026-10-25', '2026-10-26'],
  starts: [new Date('2026-10-23T22:00:00Z'), new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z')],
  end: new Date('2026-10-26T23:00:00Z'),
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

describe('a period that ended before today', () => {
  it('has no live day once its last day has settled, and reads nothing after its end live', () => {
    const afterEnd = period.end.getTime() + SETTLE_MS;
    expect(liveRangeOf(period, afterEnd)).toMatchObject({ finishedDays: 3, from: period.end });
    expect(liveRangeOf(period, afterEnd + 40 * 86_400_000)).toMatchObject({ finishedDays: 3, from: period.end });
  });

  it('keeps its last day live just after it ended', () => {
    expect(liveRangeOf(period, period.end.getTime() + SETTLE_MS - 1)).toMatchObject({ finishedDays: 2, from: period.starts[2] });
  });
});

describe('the UTC days of a period', () => {
  it('are those its first and last instants fall on, for a zone east of UTC', () => {
    expect(utcDaysOf(period)).toEqual({ first: '2026-10-23', last: '2026-10-26' });
  });

  it('are its own days in UTC', () => {
    const utc = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-08T00:00:00Z'), days: [], starts: [] };
    expect(utcDaysOf(utc)).toEqual({ first: '2026-11-01', last: '2026-11-07' });
  });
});

describe('the days a query asks for', () => {
  it('the last 7, 30 or 90 days end today', () => {
    expect(requestedDays({ days: 7, tz: 'UTC' }, '2026-11-24')).toEqual({ first: '2026-11-18', count: 7 });
    expect(requestedDays({ days: 90, tz: 'UTC' }, '2026-11-24')).toEqual({ first: '2026-08-27', count: 90 });
  });

  it('a free range holds both its ends, whatever today is', () => {
    expect(requestedDays({ from: '2026-02-01', to: '2026-03-01', tz: 'UTC' }, '2026-11-24')).toEqual({
      first: '2026-02-01',
      count: 29,
    });
    expect(requestedDays({ from: '2026-11-24', to: '2026-11-24', tz: 'UTC' }, '2026-11-24')).toEqual({
      first: '2026-11-24',
      count: 1,
    });
  });
});
