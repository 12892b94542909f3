import type { TeamRole } from '@shared/teams/teams.js';

/** The team a request or a socket acts for, and the member's role in it. */
export interface ActingTeam {
  id: number;
  role: TeamRole;
}

/**
 * What the guard asks about the team a request names (`X-Current-Team`). The teams feature
 * answers (TeamAccessService, bound to this class in TeamAccessModule): it sits above the
 * controllers the guard protects, so the guard names only this.
 */
export abstract class TeamMembership {
  /** The team, if the member is active in it; otherwise throws `team_forbidden`. */
  abstract actingTeam(userId: number, teamId: number): Promise<ActingTeam>;
  /** Like actingTeam, but null rather than a refusal (a stale header where it is ignored). */
  abstract currentTeam(userId: number, teamId: number | null): Promise<ActingTeam | null>;
}
