import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ListPage } from '@shared/api/list-page.js';
import { postTitleOf } from '@shared/campaigns/post-title.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { PATHS } from '@shared/routing/routes.js';
import {
  TEAM_AUDIT_PAGE_SIZE,
  TEAM_LIMITS,
  teamInvitePagePath,
  teamRoleAllows,
  type TeamAuditItem,
  type TeamDetail,
  type TeamPermission,
  type TeamRole,
  type TeamsOverview,
} from '@shared/teams/teams.js';
import { teamSchema, type TeamPayload } from '@shared/teams/team.schemas.js';
import { AppError } from '../common/errors/app-error.js';
import { randomToken, sha256 } from '../common/crypto/tokens.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { Transactions } from '../database/transactions.js';
import { MailService } from '../mail/mail.service.js';
import { mails } from '../mail/mail.templates.js';
import { MediaService } from '../media/media.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { TeamAccessService } from './team-access.service.js';
import { TEAM_ERRORS } from './team-errors.js';
import { TeamEvents } from './team-events.service.js';
import { TeamsRepository, type Membership, type TeamValues } from './teams.repository.js';

const INVITE_MS = TEAM_LIMITS.inviteHours * 3_600_000;

/** What a change of a team did, for what follows its commit. */
interface Changed {
  /** Members whose view of the team changed besides its current members (an invitee, a removed member). */
  alsoTell?: number[];
}

/**
 * Teams: creating and editing them, members (invite, cancel, accept or decline in the app,
 * roles, removal, leaving, ownership), and their audit. Every change runs in one transaction
 * under the team's row lock, re-reads the actor's membership there, and writes its audit row.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly access: TeamAccessService,
    private readonly transactions: Transactions,
    private readonly media: MediaService,
    private readonly users: UsersRepository,
    private readonly limits: MemberRateLimits,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
    private readonly events: TeamEvents,
  ) {}

  async overview(userId: number): Promise<TeamsOverview> {
    const { multiAccounts, invitations } = await this.access.overviewOf(userId);
    return { teams: multiAccounts, invitations };
  }

  /** For its active members only. */
  async detail(userId: number, teamId: number): Promise<TeamDetail> {
    const team = await this.access.team(teamId);
    const mine = team?.members.find((member) => member.uid === userId && member.status === 'active');
    if (!team || !mine) throw TEAM_ERRORS.notFound;
    return {
      ...this.access.toMultiAccount(team, mine.role),
      createdAt: team.created_at.toISOString(),
      createdBy: team.created_by,
    };
  }

  /** The creator becomes its owner. */
  async create(userId: number, payload: TeamPayload): Promise<TeamDetail> {
    const values = await this.values(userId, payload);
    await this.limits.take('teamCreate', userId);
    const teamId = await this.transactions.run(async (manager) => {
      if ((await this.teams.countTeamsOf(manager, userId)) >= TEAM_LIMITS.teamsPerMember) throw TEAM_ERRORS.tooManyTeams;
      const id = await this.teams.insertTeam(manager, values, userId);
      await this.teams.putActive(manager, id, userId, 'owner');
      await this.teams.addAudit(manager, { teamId: id, actorId: userId, action: 'team_created', details: { name: values.name } });
      return id;
    });
    this.events.changed(teamId, [userId]);
    return this.detail(userId, teamId);
  }

  async update(userId: number, teamId: number, payload: TeamPayload): Promise<TeamDetail> {
    const current = await this.access.team(teamId);
    const values = await this.values(userId, payload, current?.image_id ?? null);
    await this.change(userId, teamId, 'manage_members', async (manager) => {
      await this.teams.updateTeam(manager, teamId, values);
      await this.teams.addAudit(manager, { teamId, actorId: userId, action: 'team_updated', details: { name: values.name } });
      return {};
    });
    return this.detail(userId, teamId);
  }

  /**
   * Invites a member by username or email: their membership waits as invited, a single-use link
   * that expires is mailed to them, and they are notified in the app.
   */
  async invite(userId: number, teamId: number, payload: { invitee: string; role: TeamRole }): Promise<TeamDetail> {
    const secret = randomToken();
    const expiresAt = new Date(Date.now() + INVITE_MS);
    const { invitee, token } = await this.change(userId, teamId, 'manage_members', async (manager) => {
      // Looked up only once the actor may invite, so nobody else learns which accounts exist.
      await this.limits.take('teamInvite', userId);
      const invitee = payload.invitee.includes('@')
        ? await this.users.findByEmail(payload.invitee)
        : await this.users.findByUsername(payload.invitee);
      if (!invitee) throw TEAM_ERRORS.inviteeUnknown;
      if (invitee.id === userId) throw TEAM_ERRORS.alreadyIn;
      if ((await this.teams.countMembers(manager, teamId)) >= TEAM_LIMITS.membersPerTeam) throw TEAM_ERRORS.teamFull;
      if ((await this.teams.countTeamsOf(manager, invitee.id)) >= TEAM_LIMITS.teamsPerMember) {
        const existing = await this.teams.membership(manager, teamId, invitee.id);
        if (!existing) throw TEAM_ERRORS.inviteeFull;
      }
      const invited = await this.teams.putInvited(manager, {
        teamId,
        userId: invitee.id,
        role: payload.role,
        invitedBy: userId,
        expiresAt,
      });
      if (!invited) throw TEAM_ERRORS.alreadyIn;
      await this.teams.retireInvites(manager, teamId, invitee.id);
      const id = await this.teams.insertInvite(manager, { teamId, userId: invitee.id, tokenHash: sha256(secret), expiresAt });
      await this.teams.addAudit(manager, {
        teamId,
        actorId: userId,
        action: 'member_invited',
        details: { target: { id: invitee.id, username: invitee.username }, role: payload.role },
      });
      return { alsoTell: [invitee.id], invitee, token: `${id}.${secret}` };
    });
    const [team, inviter] = await Promise.all([this.access.team(teamId), this.users.findById(userId)]);
    const teamName = team?.name ?? 'a team';
    const inviterName = inviter?.username ?? 'A member';
    await this.mail.send(
      invitee,
      mails.teamInvite(
        invitee.firstName,
        inviterName,
        teamName,
        this.mail.link(teamInvitePagePath(token)),
        TEAM_LIMITS.inviteHours / 24,
      ),
    );
    await this.notifications.notifyFrom(userId, invitee.id, {
      type: 'team_invite',
      heading: 'Team invitation',
      body: `${inviterName} invited you to the team ${teamName}.`,
      link: PATHS.settingsMultiAccounts,
    });
    return this.detail(userId, teamId);
  }

  async cancelInvite(userId: number, teamId: number, inviteeId: number): Promise<TeamDetail> {
    await this.change(userId, teamId, 'manage_members', async (manager) => {
      const invitee = await this.person(inviteeId);
      if (!(await this.teams.deleteMember(manager, teamId, inviteeId, 'invited'))) throw TEAM_ERRORS.memberNotFound;
      await this.teams.retireInvites(manager, teamId, inviteeId);
      await this.teams.addAudit(manager, { teamId, actorId: userId, action: 'invite_cancelled', details: { target: invitee } });
      return { alsoTell: [inviteeId] };
    });
    return this.detail(userId, teamId);
  }

  /** The invited member accepts in the app (the mailed link does the same through TeamInvitesService). */
  async accept(userId: number, teamId: number): Promise<TeamDetail> {
    await this.answer(userId, teamId, (manager) => this.acceptLocked(manager, teamId, userId));
    return this.detail(userId, teamId);
  }

  async decline(userId: number, teamId: number): Promise<void> {
    await this.answer(userId, teamId, (manager) => this.declineLocked(manager, teamId, userId));
  }

  private async answer(userId: number, teamId: number, work: (manager: EntityManager) => Promise<void>): Promise<void> {
    await this.transactions.run(async (manager) => {
      if (!(await this.teams.lockTeam(manager, teamId))) throw TEAM_ERRORS.noInvitation;
      await work(manager);
    });
    await this.answered(teamId, userId);
  }

  /** After an invitation was answered (in the app or by link): the team's members and the invitee hear of it. */
  async answered(teamId: number, userId: number): Promise<void> {
    const team = await this.access.team(teamId);
    this.events.changed(teamId, [userId, ...(team?.members.map((member) => member.uid) ?? [])]);
  }

  /** Within a transaction holding the team's lock: a running invitation becomes membership. */
  async acceptLocked(manager: EntityManager, teamId: number, userId: number): Promise<void> {
    const role = await this.teams.activate(manager, teamId, userId);
    if (!role) throw TEAM_ERRORS.noInvitation;
    await this.teams.retireInvites(manager, teamId, userId);
    await this.teams.addAudit(manager, { teamId, actorId: userId, action: 'invite_accepted', details: { role } });
  }

  async declineLocked(manager: EntityManager, teamId: number, userId: number): Promise<void> {
    if (!(await this.teams.deleteMember(manager, teamId, userId, 'invited'))) throw TEAM_ERRORS.noInvitation;
    await this.teams.retireInvites(manager, teamId, userId);
    await this.teams.addAudit(manager, { teamId, actorId: userId, action: 'invite_declined' });
  }

  /** An owner gives an active member another role; the last owner cannot step down. */
  async changeRole(userId: number, teamId: number, memberId: number, role: TeamRole): Promise<TeamDetail> {
    await this.change(userId, teamId, 'manage_members', async (manager) => {
      const member = await this.activeMembership(manager, teamId, memberId);
      if (member.role === role) return {};
      if (member.role === 'owner') await this.keepAnOwner(manager, teamId);
      await this.teams.setRole(manager, teamId, memberId, role);
      await this.teams.addAudit(manager, {
        teamId,
        actorId: userId,
        action: 'role_changed',
        details: { target: await this.person(memberId), role, fromRole: member.role },
      });
      return {};
    });
    return this.detail(userId, teamId);
  }

  /** An owner removes an active member (themself: as leaving). Takes effect at once in every process. */
  async removeMember(userId: number, teamId: number, memberId: number): Promise<TeamDetail | null> {
    if (memberId === userId) {
      await this.leave(userId, teamId);
      return null;
    }
    await this.change(userId, teamId, 'manage_members', async (manager) => {
      const member = await this.activeMembership(manager, teamId, memberId);
      if (member.role === 'owner') await this.keepAnOwner(manager, teamId);
      await this.teams.deleteMember(manager, teamId, memberId, 'active');
      await this.teams.addAudit(manager, {
        teamId,
        actorId: userId,
        action: 'member_removed',
        details: { target: await this.person(memberId), fromRole: member.role },
      });
      return { alsoTell: [memberId] };
    });
    this.events.leftTeam(teamId, memberId);
    const team = await this.access.team(teamId);
    await this.notifications.notify(memberId, {
      type: 'team_removed',
      heading: 'Removed from a team',
      body: `You are no longer a member of the team ${team?.name ?? ''}.`,
      link: PATHS.settingsMultiAccounts,
    });
    return this.detail(userId, teamId);
  }

  /** Any active member but the team's last owner. */
  async leave(userId: number, teamId: number): Promise<void> {
    await this.change(userId, teamId, null, async (manager, actor) => {
      if (actor.role === 'owner') await this.keepAnOwner(manager, teamId);
      await this.teams.deleteMember(manager, teamId, userId, 'active');
      await this.teams.addAudit(manager, { teamId, actorId: userId, action: 'member_left', details: { fromRole: actor.role } });
      return { alsoTell: [userId] };
    });
    this.events.leftTeam(teamId, userId);
  }

  /** An owner makes an active member owner and becomes a manager. */
  async transfer(userId: number, teamId: number, memberId: number): Promise<TeamDetail> {
    if (memberId === userId) throw TEAM_ERRORS.memberNotFound;
    await this.change(userId, teamId, 'manage_members', async (manager) => {
      const member = await this.activeMembership(manager, teamId, memberId);
      await this.teams.setRole(manager, teamId, memberId, 'owner');
      await this.teams.setRole(manager, teamId, userId, 'manager');
      await this.teams.addAudit(manager, {
        teamId,
        actorId: userId,
        action: 'ownership_transferred',
        details: { target: await this.person(memberId), role: 'owner', fromRole: member.role },
      });
      return {};
    });
    return this.detail(userId, teamId);
  }

  async audit(userId: number, teamId: number, page: number): Promise<ListPage<TeamAuditItem>> {
    const team = await this.access.team(teamId);
    const mine = team?.members.find((member) => member.uid === userId && member.status === 'active');
    if (!mine) throw TEAM_ERRORS.notFound;
    if (!teamRoleAllows(mine.role, 'read_audit')) throw TEAM_ERRORS.auditReaders;
    const rows = await this.teams.auditPage(teamId, TEAM_AUDIT_PAGE_SIZE, (page - 1) * TEAM_AUDIT_PAGE_SIZE);
    return {
      items: rows.slice(0, TEAM_AUDIT_PAGE_SIZE).map((row) => ({
        id: Number(row.id),
        action: row.action,
        actor: row.actor_id !== null && row.actor_username !== null ? { id: row.actor_id, username: row.actor_username } : null,
        details: row.details,
        postTitle: row.details.pid === undefined ? null : postTitleOf(row.post_text),
        at: row.created_at.toISOString(),
      })),
      page,
      hasMore: rows.length > TEAM_AUDIT_PAGE_SIZE,
    };
  }

  /**
   * One change of a team: under its row lock, the actor must be active in it (else it is "not
   * found") with a role that allows `permission` (null: any role); then `work` writes. After the
   * commit every process forgets the team and each member concerned hears `teams:changed`.
   */
  private async change<T extends Changed>(
    userId: number,
    teamId: number,
    permission: TeamPermission | null,
    work: (manager: EntityManager, actor: Membership) => Promise<T>,
  ): Promise<T> {
    const before = await this.access.team(teamId);
    const changed = await this.transactions.run(async (manager) => {
      if (!(await this.teams.lockTeam(manager, teamId))) throw TEAM_ERRORS.notFound;
      const actor = await this.teams.membership(manager, teamId, userId);
      if (actor?.status !== 'active') throw TEAM_ERRORS.notFound;
      if (permission && !teamRoleAllows(actor.role, permission)) throw TEAM_ERRORS.ownersOnly;
      return work(manager, actor);
    });
    this.events.changed(teamId, [...(before?.members.map((member) => member.uid) ?? []), ...(changed.alsoTell ?? [])]);
    return changed;
  }

  private async activeMembership(manager: EntityManager, teamId: number, memberId: number): Promise<Membership> {
    const member = await this.teams.membership(manager, teamId, memberId);
    if (member?.status !== 'active') throw TEAM_ERRORS.memberNotFound;
    return member;
  }

  /** Refuses a change that would take away the team's only active owner. */
  private async keepAnOwner(manager: EntityManager, teamId: number): Promise<void> {
    if ((await this.teams.countOwners(manager, teamId)) <= 1) throw TEAM_ERRORS.lastOwner;
  }

  private async person(userId: number): Promise<{ id: number; username: string }> {
    const user = await this.users.findById(userId);
    return { id: userId, username: user?.username ?? '' };
  }

  /** The checked columns: the picture must be one the member uploaded (or the one the team has). */
  private async values(userId: number, payload: TeamPayload, currentImageId: string | null = null): Promise<TeamValues> {
    const values = teamSchema.parse(payload);
    if (values.imageId && values.imageId !== currentImageId) {
      const [owned] = await this.media.ownedIds(userId, 'post_image', [values.imageId]);
      if (!owned) {
        throw new AppError(
          ErrorCode.Validation,
          'Invalid picture',
          'This picture was not uploaded by you. Please upload it again.',
          {
            field: 'imageId',
          },
        );
      }
    }
    return values;
  }
}
