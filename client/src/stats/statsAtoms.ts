import { atom } from 'jotai';
import type { PostCountedNow } from '@shared/realtime/events.js';
import type { StatsPeriod } from '@shared/stats/stats.js';
import { addCounted, NO_LIVE_COUNTS, type LiveCounted } from './liveCounts.js';
import { browserTimeZone, dayIn } from './statsSelection.js';

/** The period Detailed Stats shows, in days; kept while the member moves between screens. */
export const statsPeriodAtom = atom<StatsPeriod>(30);
statsPeriodAtom.debugLabel = 'statsPeriod';

/** Counts the live pushes of the member's campaign figures: each one makes the stats on screen reload. */
export const statsChangesAtom = atom(0);
statsChangesAtom.debugLabel = 'statsChanges';

export const campaignFiguresChangedAtom = atom(null, (get, set) => set(statsChangesAtom, get(statsChangesAtom) + 1));

/** What the tracking pushes counted today for the member's posts, summed since the page loaded. */
export const statsCountedAtom = atom<LiveCounted>(NO_LIVE_COUNTS);
statsCountedAtom.debugLabel = 'statsCounted';

export const receiveStatsCountedAtom = atom(null, (get, set, posts: PostCountedNow[]) =>
  set(statsCountedAtom, addCounted(get(statsCountedAtom), posts, dayIn(Date.now(), browserTimeZone()))),
);
