import { PATHS } from '@shared/routing/routes.js';
import type { TeamTab } from '@shared/teams/teams.js';

/** A team's settings page, `/settings/multiAccounts/:team/:teamTab`; the members tab unless told. */
export function teamPagePath(teamId: number, tab: TeamTab = 'members'): string {
  return `${PATHS.settingsMultiAccounts}/${teamId}/${tab}`;
}
