import { atom } from 'jotai';

/** Loading state: loading starts true; reloading marks a later refresh of /data/start. */
export const loadingAtom = atom({ loading: true, reloading: false });
loadingAtom.debugLabel = 'loading';
