import { atom } from 'jotai';

const STORAGE_KEY = 'currentTeam';

/** The current team id is kept in local storage under 'currentTeam', on https only. */
const persisted = (): boolean => typeof window !== 'undefined' && window.location.protocol === 'https:';

function readStoredTeam(): number | null {
  if (!persisted()) return null;
  const value = Number(window.localStorage.getItem(STORAGE_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

const teamIdValueAtom = atom<number | null>(readStoredTeam());

export const currentTeamIdAtom = atom(
  (get) => get(teamIdValueAtom),
  (_get, set, teamId: number | null) => {
    set(teamIdValueAtom, teamId);
    if (!persisted()) return;
    if (teamId === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, String(teamId));
  },
);
currentTeamIdAtom.debugLabel = 'currentTeamId';
