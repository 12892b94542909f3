import { atom } from 'jotai';

/** Usernames by user id (the users-by-id map, username in `u`). */
export const usersAtom = atom<Record<string, { u: string }>>({});
usersAtom.debugLabel = 'users';
