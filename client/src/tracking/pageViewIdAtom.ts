import { atom } from 'jotai';

/** The current page view's id: a new one at every page change, and the post-view trackers start over with it. */
export const pageViewIdAtom = atom<string | null>(null);
pageViewIdAtom.debugLabel = 'pageViewId';
