import type { StatsCounts, StatsDay } from '@shared/stats/stats.js';
import { addCounted, countedSince, NO_LIVE_COUNTS, withCounted } from './liveCounts.js';

const NONE: StatsCounts = {
  seen: 0,
  viewed: 0,
  credited: 0,
  linkClicks: 0,
  videoPlays: 0,
  imageViews: 0,
  profileViews: 0,
  comments: 0,
  feels: 0,
};
const counted = (pid: number, viewed: number, seen = 0) => ({ pid, seen, viewed, linkClicks: 0, profileViews: 0 });
const day = (date: string, counts: Partial<StatsCounts> = {}): StatsDay => ({ ...NONE, ...counts, day: date });
const everyPost = () => true;

describe('the running sums of what the live pushes counted', () => {
  it('add up per post over several pushes', () => {
    let state = addCounted(NO_LIVE_COUNTS, [counted(1, 1, 2), counted(2, 3)], '2026-11-24');
    state = addCounted(state, [counted(1, 1)], '2026-11-24');
    expect(state.byPost.get(1)).toEqual({ seen: 2, viewed: 2, linkClicks: 0, profileViews: 0 });
    expect(state.byPost.get(2)).toMatchObject({ viewed: 3 });
  });

  it('start again on a new day', () => {
    const yesterday = addCounted(NO_LIVE_COUNTS, [counted(1, 5)], '2026-11-23');
    const today = addCounted(yesterday, [counted(1, 1)], '2026-11-24');
    expect(today).toEqual({ day: '2026-11-24', byPost: new Map([[1, { seen: 0, viewed: 1, linkClicks: 0, profileViews: 0 }]]) });
  });
});

describe('what was counted since the figures on screen were read', () => {
  const base = addCounted(NO_LIVE_COUNTS, [counted(1, 2), counted(2, 1)], '2026-11-24');
  const now = addCounted(base, [counted(1, 1), counted(3, 4)], '2026-11-24');

  it('is only what came after the read, for the posts shown', () => {
    expect(countedSince(now, base, everyPost)).toEqual(
      new Map([
        [1, { seen: 0, viewed: 1, linkClicks: 0, profileViews: 0 }],
        [3, { seen: 0, viewed: 4, linkClicks: 0, profileViews: 0 }],
      ]),
    );
    expect([...countedSince(now, base, (pid) => pid === 2).keys()]).toEqual([]);
    expect(countedSince(now, now, everyPost).size).toBe(0);
  });

  it('is all of today when the read was of an earlier day', () => {
    const yesterday = addCounted(NO_LIVE_COUNTS, [counted(1, 9)], '2026-11-23');
    expect(countedSince(now, yesterday, (pid) => pid === 1).get(1)).toMatchObject({ viewed: 3 });
  });
});

describe("today's figures with what was counted live", () => {
  const stats = {
    tz: 'UTC',
    totals: { ...NONE, seen: 10, viewed: 5 },
    daily: [day('2026-11-23', { seen: 8, viewed: 4 }), day('2026-11-24', { seen: 2, viewed: 1 })],
    posts: [
      { pid: 1, totals: { ...NONE, viewed: 4 } },
      { pid: 2, totals: { ...NONE, viewed: 1 } },
    ],
  };
  const added = new Map([
    [1, { seen: 1, viewed: 2, linkClicks: 1, profileViews: 0 }],
    [3, { seen: 0, viewed: 1, linkClicks: 0, profileViews: 1 }],
  ]);

  it('rise in the totals, on today and on each post listed', () => {
    const live = withCounted(stats, added, '2026-11-24');
    expect(live.totals).toEqual({ ...NONE, seen: 11, viewed: 8, linkClicks: 1, profileViews: 1 });
    expect(live.daily[0]).toEqual(stats.daily[0]);
    expect(live.daily[1]).toEqual(day('2026-11-24', { seen: 3, viewed: 4, linkClicks: 1, profileViews: 1 }));
    expect(live.posts.map((post) => post.totals.viewed)).toEqual([6, 1]);
    expect(stats.totals.viewed).toBe(5);
  });

  it('stay as they were for a period that ended before today, or with nothing new', () => {
    expect(withCounted(stats, added, '2026-11-25')).toBe(stats);
    expect(withCounted(stats, new Map(), '2026-11-24')).toBe(stats);
  });
});
