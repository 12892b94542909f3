import { atom } from 'jotai';

/** The profile box in the side menu opens on its own, apart from the menu. */
export const profileBoxOpenAtom = atom(false);
profileBoxOpenAtom.debugLabel = 'profileBoxOpen';
