import { atom } from 'jotai';

/** Set when /data/start gave no rufP: the app cannot start and shows a retry screen. */
export const bootFailedAtom = atom(false);
bootFailedAtom.debugLabel = 'bootFailed';
