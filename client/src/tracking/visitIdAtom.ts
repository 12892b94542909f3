import { atom } from 'jotai';

/** The current visit's id, as the last recorded page view carried it; events name it so they group by visit (it never makes a view count again). */
export const visitIdAtom = atom<string | null>(null);
visitIdAtom.debugLabel = 'visitId';
