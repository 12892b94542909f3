import { atom } from 'jotai';

/** The last load of the earnings summary failed (what was loaded before, if anything, stays shown). */
export const earningsSummaryFailedAtom = atom(false);
earningsSummaryFailedAtom.debugLabel = 'earningsSummaryFailed';
