import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type {
  CurrentTeam,
  MultiAccount,
  TeamInvitation,
  TeamInvitedMember,
  TeamMember,
  TeamMembers,
  TeamRole,
} from '@shared/teams/teams.js';
import type { ActingTeam, TeamMembership } from '../auth/acting-team.js';
import { AppError } from '../common/errors/app-error.js';
import { MediaService } from '../media/media.service.js';
import { MemberCache, type TeamMemberRow, type TeamRow } from '../sessions/member-cache.js';
import { TeamsRepository } from './teams.repository.js';

export const TEAM_FORBIDDEN = new AppError(
  ErrorCode.TeamForbidden,
  'Team not available',
  'You are not an active member of this team. Choose another team or your own account.',
);

/**
 * Who may act for which team, read from the server's own records on every call through the
 * member cache (a team with all its members, dropped on NOTIFY by every process the moment a
 * membership changes), and the team views /data/start and the teams pages answer.
 */
@Injectable()
export class TeamAccessService implements TeamMembership {
  /** Keyed by the cached row itself, so an entry goes with the row it was built from. */
  private readonly builtMembers = new WeakMap<TeamRow, { members: TeamMembers; validUntil: number }>();

  constructor(
    private readonly teams: TeamsRepository,
    private readonly cache: MemberCache,
    private readonly media: MediaService,
  ) {}

  team(teamId: number): Promise<TeamRow | null> {
    return this.cache.teams.get(teamId, () => this.teams.withMembers(teamId));
  }

  /**
   * The team the `X-Current-Team` header (or a socket handshake) names, if the member is active
   * in it; refuses anything else (never a member, invited only, removed, no such team).
   */
  async actingTeam(userId: number, teamId: number): Promise<ActingTeam> {
    const role = activeRole(await this.team(teamId), userId);
    if (!role) throw TEAM_FORBIDDEN;
    return { id: teamId, role };
  }

  /** Like actingTeam, but null rather than a refusal: /data/start answers a stale header with no current team. */
  async currentTeam(userId: number, teamId: number | null): Promise<CurrentTeam | null> {
    if (teamId === null) return null;
    const team = await this.team(teamId);
    const role = activeRole(team, userId);
    return team && role ? { id: team.id, name: team.name, image: this.imageOf(team), role } : null;
  }

  /** The member's teams (active and invited), each with all its members. */
  async teamsOf(userId: number): Promise<TeamRow[]> {
    const ids = (await this.cache.memberTeams.get(userId, () => this.teams.teamIdsOf(userId))) ?? [];
    const teams = await Promise.all(ids.map((id) => this.team(id)));
    return teams.filter((team): team is TeamRow => team !== null);
  }

  /** `multiAccounts` and `teamInvitations` of /data/start and GET /data/teams. */
  async overviewOf(userId: number): Promise<{ multiAccounts: Record<string, MultiAccount>; invitations: TeamInvitation[] }> {
    const multiAccounts: Record<string, MultiAccount> = {};
    const invitations: TeamInvitation[] = [];
    const now = Date.now();
    for (const team of await this.teamsOf(userId)) {
      const mine = team.members.find((member) => member.uid === userId);
      if (mine?.status === 'active') multiAccounts[team.id] = this.toMultiAccount(team, mine.role);
      else if (mine && isRunningInvitation(mine, now)) invitations.push(this.toInvitation(team, mine));
    }
    invitations.sort((a, b) => b.invitedAt.localeCompare(a.invitedAt));
    return { multiAccounts, invitations };
  }

  toMultiAccount(team: TeamRow, role: TeamRole): MultiAccount {
    return {
      id: team.id,
      name: team.name,
      image: this.imageOf(team),
      role,
      credits: Number(team.credits),
      allowWithdraw: team.allow_withdraw,
      members: this.membersOf(team),
    };
  }

  /**
   * The team's members as answers show them, built once per cached team (every member's start
   * reads the same map) and again only when one of its invitations lapses.
   */
  private membersOf(team: TeamRow): TeamMembers {
    const now = Date.now();
    const built = this.builtMembers.get(team);
    if (built && built.validUntil > now) return built.members;
    const active: Record<string, TeamMember> = {};
    const invited: Record<string, TeamInvitedMember> = {};
    let validUntil = Infinity;
    for (const member of team.members) {
      const person = {
        tid: team.id,
        uid: member.uid,
        username: member.username,
        first_name: member.first_name,
        image: member.image,
      };
      if (member.status === 'active') {
        active[member.uid] = { ...person, role: member.role, since: iso(member.joined_at) ?? team.created_at.toISOString() };
      } else if (isRunningInvitation(member, now)) {
        invited[member.uid] = {
          ...person,
          role: member.role,
          invitedBy: member.invited_by,
          invitedAt: iso(member.invited_at)!,
          expiresAt: iso(member.invite_expires_at)!,
        };
        validUntil = Math.min(validUntil, Date.parse(member.invite_expires_at!));
      }
    }
    const members = { active, invited };
    this.builtMembers.set(team, { members, validUntil });
    return members;
  }

  toInvitation(team: TeamRow, invitation: TeamMemberRow): TeamInvitation {
    const inviter = team.members.find((member) => member.uid === invitation.invited_by);
    return {
      team: { id: team.id, name: team.name, image: this.imageOf(team) },
      role: invitation.role,
      invitedBy: inviter ? { id: inviter.uid, username: inviter.username } : null,
      invitedAt: iso(invitation.invited_at)!,
      expiresAt: iso(invitation.invite_expires_at)!,
    };
  }

  private imageOf(team: TeamRow) {
    return team.image_id ? this.media.toMediaObject(team.image_id, 'post_image') : null;
  }
}

export function activeRole(team: TeamRow | null, userId: number): TeamRole | null {
  const member = team?.members.find((candidate) => candidate.uid === userId);
  return member?.status === 'active' ? member.role : null;
}

/** An invitation counts until it expires; a lapsed one is as if there were none (the owner may invite again). */
export function isRunningInvitation(member: TeamMemberRow, now = Date.now()): boolean {
  return member.status === 'invited' && member.invite_expires_at !== null && Date.parse(member.invite_expires_at) > now;
}

/** json_agg writes PostgreSQL's timestamp text; answers carry JavaScript's ISO form. */
function iso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
