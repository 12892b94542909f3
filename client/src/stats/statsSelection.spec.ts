import { periodName, previousPeriod, selectionOf, selectionQuery, withSelection } from './statsSelection.js';

describe('the period a Detailed Stats address asks for', () => {
  it('is its range when it names both days, else its days, else the kept period', () => {
    expect(selectionOf(new URLSearchParams('from=2026-11-01&to=2026-11-08&days=7'), 30)).toEqual({
      from: '2026-11-01',
      to: '2026-11-08',
    });
    expect(selectionOf(new URLSearchParams('from=2026-11-01&days=7'), 30)).toEqual({ days: 7 });
    expect(selectionOf(new URLSearchParams('days=12'), 90)).toEqual({ days: 90 });
    expect(selectionOf(new URLSearchParams(''), 30)).toEqual({ days: 30 });
  });

  it('is written into the address with the post shown kept', () => {
    const params = new URLSearchParams('post=12&days=7');
    expect(withSelection(params, { from: '2026-11-01', to: '2026-11-08' }).toString()).toBe(
      'post=12&from=2026-11-01&to=2026-11-08',
    );
    expect(withSelection(new URLSearchParams('post=12&from=2026-11-01&to=2026-11-08'), { days: 90 }).toString()).toBe(
      'post=12&days=90',
    );
  });

  it('asks the server for the same period in the member’s zone', () => {
    expect(selectionQuery({ days: 7 }, 'Europe/Berlin')).toBe('days=7&tz=Europe%2FBerlin');
    expect(selectionQuery({ from: '2026-11-01', to: '2026-11-08' }, 'UTC')).toBe('from=2026-11-01&to=2026-11-08&tz=UTC');
  });

  it('is named in headings by its length or its days', () => {
    const answer = { days: 8, from: '2026-11-01', to: '2026-11-08', tz: 'UTC' };
    expect(periodName({ ...answer, days: 30 }, { days: 30 })).toBe('last 30 days');
    expect(periodName(answer, { from: '2026-11-01', to: '2026-11-08' }, 'en-GB')).toBe('1 Nov 2026 to 8 Nov 2026');
    expect(periodName({ ...answer, from: '2026-11-08', days: 1 }, { from: '2026-11-08', to: '2026-11-08' }, 'en-GB')).toBe(
      '8 Nov 2026',
    );
  });

  it('is compared with the period of the same length just before it', () => {
    expect(previousPeriod({ days: 8, from: '2026-11-01', to: '2026-11-08', tz: 'UTC' })).toEqual({
      from: '2026-10-24',
      to: '2026-10-31',
    });
    expect(previousPeriod({ days: 1, from: '2026-03-01', to: '2026-03-01', tz: 'UTC' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
  });
});
