import { atom } from 'jotai';

/** The current visit's id, as the last recorded page view carried it; events name it so a view counts once per visit. */
export const visitIdAtom = atom<string | null>(null);
visitIdAtom.debugLabel = 'visitId';
