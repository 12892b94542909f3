import type { EarningsSummary } from '@shared/earnings/earnings.js';
import {
  availableNote,
  capProgress,
  clockText,
  earningsProgressText,
  pendingExplanation,
  pendingNote,
  viewsProgressText,
} from './earningsFormat.js';

const UTC = { locale: 'en-GB', timeZone: 'UTC' };
const NOON = Date.UTC(2026, 10, 27, 12, 0);

const summary: EarningsSummary = {
  credits: 1010,
  available: 970,
  pending: 40,
  nextMatureMs: Date.UTC(2026, 10, 27, 14, 5),
  earnedToday: 12,
  capToday: 50,
  creditsPerView: 2,
  viewsLeftToday: 19,
  reviewMinutes: 60,
  emailConfirmed: true,
};
const spendable = { credits: 1010, available: 970, pending: 40 };

describe('the earnings texts', () => {
  it('the header says how much is pending, and in a sentence until when and what can be spent', () => {
    expect(pendingNote(40)).toBe('40 pending');
    expect(pendingNote(1200)).toBe('1,200 pending');
    expect(pendingExplanation(spendable, summary.nextMatureMs, NOON, UTC)).toBe(
      '40 credits are in review until 14:05; you can spend 970 now.',
    );
    expect(pendingExplanation({ credits: 1, available: 0, pending: 1 }, null, NOON, UTC)).toBe(
      '1 credit is in review; you can spend 0 now.',
    );
  });

  it('a time on another day carries its weekday', () => {
    expect(clockText(Date.UTC(2026, 10, 27, 14, 5), NOON, UTC)).toBe('14:05');
    expect(clockText(Date.UTC(2026, 10, 28, 9, 30), NOON, UTC)).toBe('Sat 09:30');
  });

  it("the surf bar's line: today against the cap, what is pending and what is available", () => {
    expect(earningsProgressText(summary, spendable)).toBe('Earned today 12 of 50 · 40 pending · 970 available');
    expect(earningsProgressText({ ...summary, earnedToday: 0 }, { credits: 10, available: 10, pending: 0 })).toBe(
      'Earned today 0 of 50 · 10 available',
    );
  });

  it("the views line: views left today, and this session's where a surf bar runs", () => {
    expect(viewsProgressText(summary, 3)).toBe('19 views left today · 3 this session');
    expect(viewsProgressText({ viewsLeftToday: 1 }, null)).toBe('1 view left today');
    expect(viewsProgressText({ viewsLeftToday: 0 }, 1200)).toBe('No views left today · 1,200 this session');
  });

  it('the spending forms name what is available only when something is in review', () => {
    expect(availableNote(spendable)).toBe('970 available, 40 in review');
    expect(availableNote({ credits: 10, available: 10, pending: 0 })).toBeNull();
  });

  it('the progress toward the cap stays within the bar', () => {
    expect(capProgress({ earnedToday: 12, capToday: 50 })).toBe(0.24);
    expect(capProgress({ earnedToday: 60, capToday: 50 })).toBe(1);
    expect(capProgress({ earnedToday: 0, capToday: 0 })).toBe(1);
  });
});
