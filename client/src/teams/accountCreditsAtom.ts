import { atom } from 'jotai';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { currentTeamAtom } from './currentTeamAtom.js';
import { shownCredits } from './teamSession.js';

/**
 * The credits of the account this tab acts for: the current team's balance while a team is
 * current (its campaigns spend it), the member's own otherwise. Earn Credits always shows the
 * member's own: a team never surfs.
 */
export const accountCreditsAtom = atom<number | null>((get) =>
  shownCredits(get(liveDataAtom), get(currentTeamAtom)?.id ?? null, get(userAtom)?.multiAccounts ?? {}),
);
accountCreditsAtom.debugLabel = 'accountCredits';
