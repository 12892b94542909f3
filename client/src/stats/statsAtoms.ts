import { atom } from 'jotai';
import type { StatsPeriod } from '@shared/stats/stats.js';

/** The period Detailed Stats shows, in days; kept while the member moves between screens. */
export const statsPeriodAtom = atom<StatsPeriod>(30);
statsPeriodAtom.debugLabel = 'statsPeriod';

/** Counts the live pushes of the member's campaign figures: each one makes the stats on screen reload. */
export const statsChangesAtom = atom(0);
statsChangesAtom.debugLabel = 'statsChanges';

export const campaignFiguresChangedAtom = atom(null, (get, set) => set(statsChangesAtom, get(statsChangesAtom) + 1));
