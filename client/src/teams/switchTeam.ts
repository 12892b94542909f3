import type { Notice } from '../api/apiClient.js';
import { reloadSession } from '../boot/sessionReload.js';
import { currentTeamIdAtom } from '../sessions/currentTeamIdAtom.js';
import { appStore } from '../state/store.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';

export const STALE_TEAM_NOTICE: Notice = {
  header: 'Back to your own account',
  body: 'You are no longer an active member of the team you were acting for, so you now act for yourself.',
};

export const SWITCH_FAILED_NOTICE: Notice = {
  header: 'Could not switch',
  body: 'The server could not be reached, so you still act as before. Please try again.',
};

/**
 * Makes a team current (null: the member's own account) and reloads /data/start with it: the
 * server confirms the team, the socket reconnects for it, and the screens read the new account.
 * When the server cannot answer, the tab keeps acting as before, so its calls and its screens
 * never name different accounts.
 */
export async function switchTeam(teamId: number | null): Promise<void> {
  const previous = appStore.get(currentTeamIdAtom);
  appStore.set(currentTeamIdAtom, teamId);
  if (await reloadSession()) return;
  if (appStore.get(currentTeamIdAtom) !== teamId) return;
  appStore.set(currentTeamIdAtom, previous);
  appStore.set(pushToastAtom, SWITCH_FAILED_NOTICE);
}

/**
 * The server refused a call for naming a team this member is not active in (removed meanwhile,
 * or the stored team belongs to another account): act for the member again, say so once (many
 * calls may fail at the same time), and reload the session without the team.
 */
export function dropStaleTeam(sentTeamId: number): void {
  if (appStore.get(currentTeamIdAtom) !== sentTeamId) return;
  appStore.set(currentTeamIdAtom, null);
  appStore.set(pushToastAtom, STALE_TEAM_NOTICE);
  void reloadSession();
}
