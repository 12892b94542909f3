import { countedByPost } from './stats-counted-push.js';
import type { HourlyRollup } from './tracking-rows.js';

const row = (overrides: Partial<HourlyRollup>): HourlyRollup => ({
  postId: 1,
  hour: '2026-11-24T10:00:00.000Z',
  place: 'feed',
  seen: 0,
  viewed: 0,
  linkClicks: 0,
  videoPlays: 0,
  imageViews: 0,
  profileViews: 0,
  ...overrides,
});

describe("a batch's live counts", () => {
  it('sum each post over hours and places, and leave out posts with no view, click or profile view', () => {
    expect(
      countedByPost([
        row({ seen: 2, viewed: 1 }),
        row({ place: 'surf', viewed: 1, linkClicks: 1 }),
        row({ hour: '2026-11-24T11:00:00.000Z', profileViews: 1 }),
        row({ postId: 2, videoPlays: 3, imageViews: 1 }),
        row({ postId: 3, seen: 1 }),
      ]),
    ).toEqual([
      { pid: 1, seen: 2, viewed: 2, linkClicks: 1, profileViews: 1 },
      { pid: 3, seen: 1, viewed: 0, linkClicks: 0, profileViews: 0 },
    ]);
  });
});
