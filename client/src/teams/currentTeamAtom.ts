import { atom } from 'jotai';
import type { CurrentTeam } from '@shared/teams/teams.js';
import { userAtom } from '../sessions/userAtom.js';

/** The team this tab acts for, as /data/start confirmed it; null: the member's own account. */
export const currentTeamAtom = atom<CurrentTeam | null>((get) => get(userAtom)?.currentTeam ?? null);
currentTeamAtom.debugLabel = 'currentTeam';
