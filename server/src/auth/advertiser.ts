import { ErrorCode } from '@shared/api/error-codes.js';
import { rooms } from '@shared/realtime/events.js';
import { teamRoleAllows } from '@shared/teams/teams.js';
import { AppError } from '../common/errors/app-error.js';
import type { ActingTeam } from './acting-team.js';

/**
 * Whose posts, campaigns, credits and Detailed Stats a call reads or changes: the member's own
 * (their posts written with no team current), or, while a team is current, the team's (the posts
 * written for it, whoever wrote them). A member's own lists never show a team's posts.
 */
export type Advertiser = { kind: 'member'; userId: number } | { kind: 'team'; teamId: number };

export const CAMPAIGNS_ROLE_FORBIDDEN = new AppError(
  ErrorCode.TeamRoleForbidden,
  'Not allowed',
  'Only the team’s owners and managers can write posts and change its campaigns.',
);

/** The account a read acts for: any role of the current team reads the team's. */
export function advertiserOf(userId: number, team: ActingTeam | null): Advertiser {
  return team ? { kind: 'team', teamId: team.id } : { kind: 'member', userId };
}

/** The account a change acts for; a role of the current team that may not change campaigns is refused. */
export function campaignWriterOf(userId: number, team: ActingTeam | null): Advertiser {
  if (team && !teamRoleAllows(team.role, 'manage_campaigns')) throw CAMPAIGNS_ROLE_FORBIDDEN;
  return advertiserOf(userId, team);
}

/**
 * The tabs that show this account's campaigns: a member's tabs acting for no team, or the tabs
 * acting for the team. A tab acting for a team never hears about the member's own campaigns.
 */
export function advertiserRoom(advertiser: Advertiser): string {
  return advertiser.kind === 'team' ? rooms.team(advertiser.teamId) : rooms.ownAccount(advertiser.userId);
}

/**
 * The SQL condition that a post (alias `p`) belongs to the account, with its one parameter at
 * `$param`, and that parameter's value.
 */
export function ownedBy(advertiser: Advertiser, param: number, alias = 'p'): [string, number] {
  return advertiser.kind === 'team'
    ? [`${alias}.team_id = $${param}::int`, advertiser.teamId]
    : [`${alias}.user_id = $${param}::int AND ${alias}.team_id IS NULL`, advertiser.userId];
}

/** Whether a post's (user_id, team_id) belong to the account. */
export function isOwnedBy(advertiser: Advertiser, post: { userId: number; teamId: number | null }): boolean {
  return advertiser.kind === 'team'
    ? post.teamId === advertiser.teamId
    : post.teamId === null && post.userId === advertiser.userId;
}
