import { readFileSync } from 'node:fs';
import type { ReviewEvidence } from '@shared/admin/earnings-review.js';
import {
  TIMING_MEDIAN_GAP_MS,
  TIMING_SPREAD_MS,
  timingSignatures,
  UNCOUNTED_ADDRESSES,
  verdictsOf,
  wrongAnswersVoid,
  type TimingProfile,
} from './review-rules.js';

const profile = (userId: number, medianMs: number, spreadMs: number, views = 20): TimingProfile => ({
  userId,
  views,
  medianMs,
  spreadMs,
});

describe('the earnings review rules', () => {
  it('leave out exactly the addresses the surf score leaves out', () => {
    const surfRisk = readFileSync(new URL('../surf/sql/surf_risk.sql', import.meta.url), 'utf8');
    const [, list] = /me\.ip NOT IN \(([^)]*)\)/.exec(surfRisk) ?? [];
    expect(list.split(',').map((quoted) => quoted.trim().replace(/^'|'$/g, ''))).toEqual(UNCOUNTED_ADDRESSES);
  });

  it('void for wrong answers from two wrong, or 40% wrong of three or more, never for one typo', () => {
    expect(wrongAnswersVoid(1, [true, false, true, true])).toBe(false);
    expect(wrongAnswersVoid(1, [false, true])).toBe(false);
    expect(wrongAnswersVoid(1, [true, true, false])).toBe(false);
    expect(wrongAnswersVoid(2, [false, true, false, true])).toBe(true);
    expect(wrongAnswersVoid(0, [false, false])).toBe(true);
    expect(wrongAnswersVoid(0, [])).toBe(false);
  });

  it('find three machine-steady accounts with medians within the gap, and leave people and lone scripts alone', () => {
    const found = timingSignatures([
      profile(1, 700, 20),
      profile(2, 730, 35),
      profile(3, 700 + TIMING_MEDIAN_GAP_MS, 10),
      // A person: a second or so, spread by hundreds of ms.
      profile(4, 1200, 560),
      // Steady, but alone at its median.
      profile(5, 2000, 15),
      // Steady and alike, but too few views to tell.
      profile(6, 710, 20, 5),
      // Alike in median, not steady.
      profile(7, 715, TIMING_SPREAD_MS),
    ]);
    expect([...found.keys()].sort()).toEqual([1, 2, 3]);
    expect(found.get(2)).toEqual({
      category: 'timing_signature',
      views: 20,
      medianMs: 730,
      spreadMs: 35,
      others: [
        { userId: 1, medianMs: 700, spreadMs: 20 },
        { userId: 3, medianMs: 760, spreadMs: 10 },
      ],
    });
  });

  it('find no signature when the medians of three steady accounts spread wider than the gap', () => {
    expect(
      timingSignatures([profile(1, 700, 20), profile(2, 740, 20), profile(3, 700 + TIMING_MEDIAN_GAP_MS + 1, 20)]).size,
    ).toBe(0);
  });

  it('judge each member once, under the first category of the order, keeping the others', () => {
    const device: ReviewEvidence = { category: 'shared_device', accounts: [8] };
    const latency: ReviewEvidence = { category: 'inhuman_latency', views: [{ ticketId: 't', latencyMs: 90 }] };
    const address: ReviewEvidence = { category: 'shared_address', address: '203.0.113.9', accounts: [8, 9, 10] };
    expect(
      verdictsOf([
        { userId: 8, evidence: { category: 'shared_device', accounts: [7] } },
        { userId: 7, evidence: device },
        { userId: 7, evidence: address },
        { userId: 7, evidence: latency },
        { userId: 7, evidence: { category: 'shared_device', accounts: [9] } },
      ]),
    ).toEqual([
      { userId: 7, category: 'inhuman_latency', evidence: latency, alsoMatched: [device, address] },
      { userId: 8, category: 'shared_device', evidence: { category: 'shared_device', accounts: [7] }, alsoMatched: [] },
    ]);
  });
});
