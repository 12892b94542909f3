import { atom } from 'jotai';
import type { FeelsByKey } from './feedState.js';

/** The feels of the posts and comments on screen, by feelKey, apart from the feed. */
export const feelsAtom = atom<FeelsByKey>({});
feelsAtom.debugLabel = 'feels';

/** STORE_FEELS: summaries stored (a page's, a member's own feel, a live count change). */
export const storeFeelsAtom = atom(null, (get, set, feels: FeelsByKey) => {
  set(feelsAtom, { ...get(feelsAtom), ...feels });
});
