import { atom } from 'jotai';

/** Whether live updates flow; the menu shows "reconnecting" while they do not. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';
export const connectionStateAtom = atom<ConnectionState>('idle');
connectionStateAtom.debugLabel = 'connectionState';
