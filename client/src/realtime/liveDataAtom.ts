import { atom } from 'jotai';

/** Live data: the credit count and how far the server clock is ahead of this one (ms). */
export const liveDataAtom = atom<{ cc: number | null; clockOffsetMs: number }>({ cc: null, clockOffsetMs: 0 });
liveDataAtom.debugLabel = 'liveData';
