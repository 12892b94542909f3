import { Injectable } from '@nestjs/common';
import {
  INVITE_CODE_PATTERN,
  type GroupInviteItem,
  type GroupInvitePayload,
  type GroupJoinAnswer,
  type InvitePreview,
} from '@shared/groups/groups.js';
import { randomToken } from '../common/crypto/tokens.js';
import { Transactions } from '../database/transactions.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { GROUP_ERRORS } from './group-errors.js';
import { GroupInvitesRepository, type InviteRow } from './group-invites.repository.js';
import { GroupsRepository } from './groups.repository.js';
import { GroupRoomsService } from './group-rooms.service.js';
import { GroupsService } from './groups.service.js';

/** 9 random bytes: a 12-character code nobody guesses. */
const CODE_BYTES = 9;

/**
 * Invite codes: owners and moderators create them (with an expiry and a maximum of uses), list,
 * revoke and rotate them (the old code stops, a new one with the same limits takes its place);
 * anyone holding a usable code joins the group, a private one included, unless banned.
 */
@Injectable()
export class GroupInvitesService {
  constructor(
    private readonly invites: GroupInvitesRepository,
    private readonly groups: GroupsRepository,
    private readonly groupsService: GroupsService,
    private readonly rooms: GroupRoomsService,
    private readonly transactions: Transactions,
    private readonly limits: MemberRateLimits,
  ) {}

  async list(actorId: number, slug: string): Promise<GroupInviteItem[]> {
    const group = await this.groupsService.managed(slug, actorId);
    return (await this.invites.listOf(group.id)).map(toInviteItem);
  }

  async create(actorId: number, slug: string, payload: GroupInvitePayload): Promise<GroupInviteItem> {
    const group = await this.groupsService.managed(slug, actorId);
    await this.limits.take('groupInvite', actorId);
    return toInviteItem(
      await this.invites.insert(
        null,
        group.id,
        randomToken(CODE_BYTES),
        actorId,
        { hours: payload.expiresInHours },
        payload.maxUses,
      ),
    );
  }

  async revoke(actorId: number, slug: string, inviteId: number): Promise<GroupInviteItem[]> {
    const group = await this.groupsService.managed(slug, actorId);
    if (!(await this.invites.ofGroup(group.id, inviteId))) throw GROUP_ERRORS.inviteGone;
    await this.invites.revoke(null, inviteId);
    return (await this.invites.listOf(group.id)).map(toInviteItem);
  }

  /** The old code stops working; the new one allows as many uses and lasts as long, from now. */
  async rotate(actorId: number, slug: string, inviteId: number): Promise<GroupInviteItem> {
    const group = await this.groupsService.managed(slug, actorId);
    const old = await this.invites.ofGroup(group.id, inviteId);
    if (!old || old.revoked_at) throw GROUP_ERRORS.inviteGone;
    await this.limits.take('groupInvite', actorId);
    const lifetime = old.expires_at ? old.expires_at.getTime() - old.created_at.getTime() : null;
    return toInviteItem(
      await this.transactions.run(async (manager) => {
        if (!(await this.invites.revoke(manager, old.id))) throw GROUP_ERRORS.inviteGone;
        return this.invites.insert(
          manager,
          group.id,
          randomToken(CODE_BYTES),
          actorId,
          { at: lifetime === null ? null : new Date(Date.now() + lifetime) },
          old.max_uses,
        );
      }),
    );
  }

  /** The group a usable code joins: its header only, whatever its visibility. */
  async preview(code: string, viewerId: number): Promise<InvitePreview> {
    const invite = await this.usableInvite(code);
    const group = (await this.groups.byId(invite.group_id, viewerId))!;
    if (group.viewer_status === 'banned') throw GROUP_ERRORS.banned;
    return { group: this.groupsService.toSummary(group) };
  }

  /** Joins with a usable code: one use taken, unless the member was in already. */
  async join(userId: number, code: string): Promise<GroupJoinAnswer> {
    const invite = await this.usableInvite(code);
    await this.limits.take('groupJoin', userId);
    const joined = await this.transactions.run(async (manager) => {
      await this.groups.lockGroup(manager, invite.group_id);
      const membership = await this.groups.membership(manager, invite.group_id, userId);
      if (membership?.status === 'banned') throw GROUP_ERRORS.banned;
      if (membership?.status === 'active') return false;
      if (!(await this.invites.takeUse(manager, invite.id))) throw refusalOf((await this.invites.byCode(code))!);
      await this.groups.putMember(manager, invite.group_id, userId, 'member', 'active');
      return true;
    });
    const group = (await this.groups.byId(invite.group_id, userId))!;
    if (joined) await this.rooms.membersChanged(group);
    return { status: 'active', group: this.groupsService.toAnswer(group) };
  }

  private async usableInvite(code: string): Promise<InviteRow> {
    const invite = INVITE_CODE_PATTERN.test(code) ? await this.invites.byCode(code) : null;
    if (!invite) throw GROUP_ERRORS.inviteNotFound;
    if (!invite.usable) throw refusalOf(invite);
    return invite;
  }
}

/** Why a code cannot be used: revoked first, then expired, then used up. */
function refusalOf(invite: InviteRow) {
  if (invite.revoked_at) return GROUP_ERRORS.inviteRevoked;
  if (invite.expires_at && invite.expires_at.getTime() <= Date.now()) return GROUP_ERRORS.inviteExpired;
  return GROUP_ERRORS.inviteUsedUp;
}

function toInviteItem(row: InviteRow): GroupInviteItem {
  return {
    id: row.id,
    code: row.code,
    expiresAt: row.expires_at?.toISOString() ?? null,
    maxUses: row.max_uses,
    uses: row.uses,
    createdAt: row.created_at.toISOString(),
    usable: row.usable,
  };
}
