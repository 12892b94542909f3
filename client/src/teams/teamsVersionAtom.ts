import { atom } from 'jotai';

/** Bumped when the server says a team of the member changed: open team screens read theirs again. */
export const teamsVersionAtom = atom(0);
teamsVersionAtom.debugLabel = 'teamsVersion';
