import type { PostCountedNow } from '@shared/realtime/events.js';
import type { StatsCounts, StatsDay } from '@shared/stats/stats.js';

/** What a live push can add to a post's figures. */
export type CountedSums = Pick<StatsCounts, 'seen' | 'viewed' | 'linkClicks' | 'profileViews'>;

const NOTHING: CountedSums = { seen: 0, viewed: 0, linkClicks: 0, profileViews: 0 };

/**
 * What the live pushes added to each post since the page started (or since `day` began): a
 * running sum, so a screen compares it with what it was when its figures were read.
 */
export interface LiveCounted {
  /** The calendar day the sums are of (YYYY-MM-DD in the browser's zone); a new day starts them again. */
  day: string;
  byPost: ReadonlyMap<number, CountedSums>;
}

export const NO_LIVE_COUNTS: LiveCounted = { day: '', byPost: new Map() };

function plus(a: CountedSums, b: CountedSums): CountedSums {
  return {
    seen: a.seen + b.seen,
    viewed: a.viewed + b.viewed,
    linkClicks: a.linkClicks + b.linkClicks,
    profileViews: a.profileViews + b.profileViews,
  };
}

/** Adds one push (what a tracking batch counted for each post) to the running sums of `today`. */
export function addCounted(state: LiveCounted, posts: PostCountedNow[], today: string): LiveCounted {
  const byPost = new Map(state.day === today ? state.byPost : []);
  for (const { pid, ...counts } of posts) byPost.set(pid, plus(byPost.get(pid) ?? NOTHING, counts));
  return { day: today, byPost };
}

/**
 * What was counted live after `base` (the sums when the figures on screen were read) up to
 * `now`, for the posts `shows` accepts. Sums of an earlier day are not subtracted: a new day's
 * figures start from nothing.
 */
export function countedSince(now: LiveCounted, base: LiveCounted, shows: (pid: number) => boolean): Map<number, CountedSums> {
  const added = new Map<number, CountedSums>();
  for (const [pid, sums] of now.byPost) {
    if (!shows(pid)) continue;
    const before = base.day === now.day ? (base.byPost.get(pid) ?? NOTHING) : NOTHING;
    const delta = {
      seen: sums.seen - before.seen,
      viewed: sums.viewed - before.viewed,
      linkClicks: sums.linkClicks - before.linkClicks,
      profileViews: sums.profileViews - before.profileViews,
    };
    if (Object.values(delta).some((count) => count !== 0)) added.set(pid, delta);
  }
  return added;
}

interface DailyFigures {
  totals: StatsCounts;
  daily: StatsDay[];
  posts?: { pid: number; totals: StatsCounts }[];
}

/**
 * The figures with what was counted live added to today's: the totals, today's day (when the
 * period holds it; a period that ended earlier is left as it was) and each post listed.
 */
export function withCounted<T extends DailyFigures>(stats: T, added: Map<number, CountedSums>, today: string): T {
  if (added.size === 0 || !stats.daily.some((entry) => entry.day === today)) return stats;
  const sum = [...added.values()].reduce(plus, NOTHING);
  return {
    ...stats,
    totals: { ...stats.totals, ...plus(stats.totals, sum) },
    daily: stats.daily.map((entry) => (entry.day === today ? { ...entry, ...plus(entry, sum) } : entry)),
    ...(stats.posts && {
      posts: stats.posts.map((post) => {
        const more = added.get(post.pid);
        return more ? { ...post, totals: { ...post.totals, ...plus(post.totals, more) } } : post;
      }),
    }),
  };
}
