import type { EarningsSummary } from '@shared/earnings/earnings.js';
import { spendableOf, withBalance, withSurfToday } from './earningsSummary.js';

const summary: EarningsSummary = {
  credits: 100,
  available: 60,
  pending: 40,
  nextMatureMs: null,
  earnedToday: 0,
  capToday: 50,
  creditsPerView: 1,
  viewsLeftToday: 50,
  reviewMinutes: 60,
  emailConfirmed: true,
};

describe('the earnings summary between two answers of the server', () => {
  it('counts credits that arrive as pending until the server says otherwise', () => {
    expect(withBalance(summary, 101)).toMatchObject({ credits: 101, available: 60, pending: 41 });
  });

  it('counts credits that arrive as available at once for a member whose earnings wait for no review', () => {
    expect(withBalance({ ...summary, reviewMinutes: 0 }, 102)).toMatchObject({ credits: 102, available: 62, pending: 40 });
  });

  it("takes today's earnings, cap and views left from a claim's answer, the rest of the summary kept", () => {
    const today = { earnedToday: 2, capToday: 50, creditsPerView: 2, viewsLeftToday: 24 };
    expect(withSurfToday(summary, today)).toEqual({ ...summary, ...today });
  });

  it('counts credits that leave as spent from what was available', () => {
    expect(withBalance(summary, 90)).toMatchObject({ credits: 90, available: 50, pending: 40 });
    expect(withBalance(summary, 30)).toMatchObject({ credits: 30, available: 0, pending: 30 });
  });

  it('answers the same summary when the balance did not change', () => {
    expect(withBalance(summary, 100)).toBe(summary);
  });

  it('splits the live balance, or without a summary takes all of it as available', () => {
    expect(spendableOf(101, summary)).toEqual({ credits: 101, available: 60, pending: 41 });
    expect(spendableOf(null, summary)).toEqual({ credits: 100, available: 60, pending: 40 });
    expect(spendableOf(25, null)).toEqual({ credits: 25, available: 25, pending: 0 });
    expect(spendableOf(null, null)).toBeNull();
  });
});
