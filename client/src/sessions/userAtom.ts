import { atom } from 'jotai';
import type { StartUser } from '@shared/start/start.js';

/** The signed-in user from /data/start; null for a visitor. Logout clears it. */
export const userAtom = atom<StartUser | null>(null);
userAtom.debugLabel = 'user';
