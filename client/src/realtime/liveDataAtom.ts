import { atom } from 'jotai';

/**
 * Live data: the member's own credit count, the current team's (when the socket acts for a
 * team) and how far the server clock is ahead of this one (ms).
 */
export const liveDataAtom = atom<{ cc: number | null; team: { id: number; cc: number } | null; clockOffsetMs: number }>({
  cc: null,
  team: null,
  clockOffsetMs: 0,
});
liveDataAtom.debugLabel = 'liveData';
