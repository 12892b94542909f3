import { atom } from 'jotai';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import { earningsSummaryAtom } from './earningsSummaryAtom.js';
import { spendableOf, type Spendable } from './earningsSummary.js';

/**
 * What the member may spend of their own balance now and what is still in review, from the live
 * balance and the earnings summary; null while neither is known.
 */
export const spendableCreditsAtom = atom<Spendable | null>((get) => spendableOf(get(liveDataAtom).cc, get(earningsSummaryAtom)));
spendableCreditsAtom.debugLabel = 'spendableCredits';
