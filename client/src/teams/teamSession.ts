import type { StartUser } from '@shared/start/start.js';
import type { MultiAccount, TeamInvitedMember, TeamMember, TeamMembers, TeamRole } from '@shared/teams/teams.js';
import { TEAM_ROLES } from '@shared/teams/teams.js';

/** What a /data/start answer means for the team this tab acts for. */
export interface StartTeamOutcome {
  /** The team to act for from now on; null: the member's own account. */
  teamId: number | null;
  /** The tab asked for a team the server no longer lets it act for: the member is told so. */
  dropped: boolean;
}

/**
 * The server answers `currentTeam` only when the member is active in the team the request
 * named, so a team that was asked for and not answered went stale (removed, or never joined):
 * the member is told. A visitor acts for no team; nor does another account signed in in its
 * place (the team was the previous account's), and neither is told anything.
 */
export function teamAfterStart(
  sentTeamId: number | null,
  previousUserId: number | null,
  user: Pick<StartUser, 'id' | 'currentTeam'> | null,
): StartTeamOutcome {
  if (!user) return { teamId: null, dropped: false };
  const teamId = user.currentTeam?.id ?? null;
  const sameAccount = previousUserId === null || previousUserId === user.id;
  return { teamId, dropped: sentTeamId !== null && teamId === null && sameAccount };
}

/** The member's teams in a stable order: by name, then by id. */
export function teamsByName(teams: Record<string, MultiAccount>): MultiAccount[] {
  return Object.values(teams).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export function activeMemberCount(members: TeamMembers): number {
  return Object.keys(members.active).length;
}

const roleRank = (role: TeamRole): number => TEAM_ROLES.indexOf(role);

/** Active members as the members tab lists them: owners, then managers, then analysts, each by username. */
export function activeMembersInOrder(members: TeamMembers): TeamMember[] {
  return Object.values(members.active).sort(
    (a, b) => roleRank(a.role) - roleRank(b.role) || a.username.localeCompare(b.username),
  );
}

/** Invitations waiting for an answer, the newest first. */
export function invitedMembersInOrder(members: TeamMembers): TeamInvitedMember[] {
  return Object.values(members.invited).sort((a, b) => b.invitedAt.localeCompare(a.invitedAt) || a.uid - b.uid);
}

/** How many active owners the team has: the last one can neither leave nor step down. */
export function ownerCount(members: TeamMembers): number {
  return Object.values(members.active).filter((member) => member.role === 'owner').length;
}

/**
 * The credit count the header shows: the current team's while one is current (the live push
 * once one came for that team, else the balance /data/start answered), the member's own otherwise.
 */
export function shownCredits(
  live: { cc: number | null; team: { id: number; cc: number } | null },
  currentTeamId: number | null,
  multiAccounts: Record<string, MultiAccount>,
): number | null {
  if (currentTeamId === null) return live.cc;
  if (live.team?.id === currentTeamId) return live.team.cc;
  return multiAccounts[String(currentTeamId)]?.credits ?? null;
}

/** How a screen names the balance of the account it acts for. */
export function balanceLabel(team: { name: string } | null): string {
  return team ? `Balance of the team ${team.name}` : 'Your balance';
}

/** How a sentence names the balance of the account it acts for ("… went back to your balance"). */
export function balanceInSentence(team: { name: string } | null): string {
  return team ? `the balance of the team ${team.name}` : 'your balance';
}

/** The heading of the posts of the account it acts for. */
export function postsHeading(team: { name: string } | null): string {
  return team ? `Posts of the team ${team.name}` : 'Your posts';
}
