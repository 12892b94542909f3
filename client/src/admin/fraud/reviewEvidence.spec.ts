import type { ReviewEvidence } from '@shared/admin/earnings-review.js';
import { evidenceAccounts, evidenceText, reviewVoidsText } from './reviewEvidence.js';

describe('the earnings review’s evidence in the fraud queue', () => {
  it('counts the voids by category, or says none', () => {
    expect(reviewVoidsText({ views: 0, byCategory: [] })).toBe('None');
    expect(
      reviewVoidsText({
        views: 5,
        byCategory: [
          { category: 'shared_device', views: 4 },
          { category: 'wrong_answers', views: 1 },
        ],
      }),
    ).toBe('5 views: Several accounts earning from one device (4), Repeated wrong verification answers (1)');
  });

  it('says what each category saw in one sentence, and names the other accounts to link', () => {
    expect(
      evidenceText({
        category: 'inhuman_latency',
        views: [
          { ticketId: 'a', latencyMs: 96 },
          { ticketId: 'b', latencyMs: null },
          { ticketId: 'c', latencyMs: 120 },
          { ticketId: 'd', latencyMs: 101 },
          { ticketId: 'e', latencyMs: 99 },
        ],
      }),
    ).toBe(
      '5 challenges answered too fast: 96 ms after the picture, picture never loaded, 120 ms after the picture, 101 ms after the picture, and 1 more.',
    );
    expect(evidenceText({ category: 'wrong_answers', wrongCodes: 2, recentAnswers: [false, true, true, false] })).toBe(
      '2 wrong or skipped of the last 4 answers (oldest first: wrong, right, right, wrong).',
    );
    const burst: ReviewEvidence = {
      category: 'fresh_account_burst',
      by: 'address',
      address: '203.0.113.9',
      accounts: [4, 5],
      firstCreatedAt: '2026-01-01T10:00:00.000Z',
      lastCreatedAt: '2026-01-01T10:14:00.000Z',
    };
    expect(evidenceText(burst)).toBe('Created with 2 other accounts within 14 minutes, from address 203.0.113.9.');
    expect(evidenceAccounts(burst)).toEqual([4, 5]);
    const timing: ReviewEvidence = {
      category: 'timing_signature',
      views: 20,
      medianMs: 702,
      spreadMs: 12,
      others: [
        { userId: 8, medianMs: 705, spreadMs: 10 },
        { userId: 9, medianMs: 690, spreadMs: 20 },
      ],
    };
    expect(evidenceText(timing)).toBe(
      'Click delay 702 ms (spread 12 ms over 20 views), like 2 other accounts: 705 ms ± 10, 690 ms ± 20.',
    );
    expect(evidenceAccounts(timing)).toEqual([8, 9]);
    expect(evidenceAccounts({ category: 'stopped', riskScore: 160, signals: ['scripted'] })).toEqual([]);
  });
});
