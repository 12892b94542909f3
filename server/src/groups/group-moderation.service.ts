import { Injectable } from '@nestjs/common';
import { groupPath, type GroupMembersAnswer, type GroupModerationAction, type GroupRole } from '@shared/groups/groups.js';
import { Transactions } from '../database/transactions.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { GROUP_ERRORS } from './group-errors.js';
import { GroupsRepository, type GroupRow, type Membership } from './groups.repository.js';
import { GroupRoomsService } from './group-rooms.service.js';
import { GroupsService } from './groups.service.js';

/**
 * What owners and moderators do to members: answer requests, remove, ban and unban; and what
 * owners alone do: change roles (an owner may make others owners, and step down while another
 * owner remains). Moderators act on members only; nobody removes or bans an owner. Every change
 * runs under the group's row lock, so no two of them leave the group without an owner.
 */
@Injectable()
export class GroupModerationService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly groupsService: GroupsService,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
    private readonly rooms: GroupRoomsService,
  ) {}

  async act(actorId: number, slug: string, targetId: number, action: GroupModerationAction): Promise<GroupMembersAnswer> {
    const group = await this.groupsService.managed(slug, actorId);
    if (targetId === actorId) throw GROUP_ERRORS.notYourself;
    await this.transactions.run(async (manager) => {
      await this.groups.lockGroup(manager, group.id);
      const actor = await this.groups.membership(manager, group.id, actorId);
      const target = await this.groups.membership(manager, group.id, targetId);
      if (!actor || actor.status !== 'active' || actor.role === 'member') throw GROUP_ERRORS.managersOnly;
      switch (action) {
        case 'accept':
          if (target?.status !== 'requested') throw GROUP_ERRORS.memberNotFound;
          await this.groups.putMember(manager, group.id, targetId, 'member', 'active');
          break;
        case 'decline':
          if (target?.status !== 'requested') throw GROUP_ERRORS.memberNotFound;
          await this.groups.deleteMember(manager, group.id, targetId);
          break;
        case 'remove':
          if (target?.status !== 'active') throw GROUP_ERRORS.memberNotFound;
          assertOutranks(actor, target);
          await this.groups.deleteMember(manager, group.id, targetId);
          break;
        case 'ban':
          if (!target || target.status === 'banned') throw GROUP_ERRORS.memberNotFound;
          assertOutranks(actor, target);
          await this.groups.putMember(manager, group.id, targetId, 'member', 'banned');
          break;
        case 'unban':
          if (target?.status !== 'banned') throw GROUP_ERRORS.memberNotFound;
          await this.groups.deleteMember(manager, group.id, targetId);
          break;
      }
    });
    await this.rooms.membersChanged(group, action === 'remove' || action === 'ban' ? [targetId] : []);
    if (action === 'accept') await this.notifyAccepted(group, targetId);
    return this.groupsService.membersOf(await this.groupsService.find(slug, actorId), actorId, 1);
  }

  /** Owners only. An owner may change their own role while another owner remains. */
  async setRole(actorId: number, slug: string, targetId: number, role: GroupRole): Promise<GroupMembersAnswer> {
    const group = await this.groupsService.find(slug, actorId);
    if (group.viewer_status !== 'active') throw this.groupsService.refusalFor(group);
    if (group.viewer_role !== 'owner') throw GROUP_ERRORS.ownersOnly;
    await this.transactions.run(async (manager) => {
      await this.groups.lockGroup(manager, group.id);
      const actor = await this.groups.membership(manager, group.id, actorId);
      const target = await this.groups.membership(manager, group.id, targetId);
      if (actor?.status !== 'active' || actor.role !== 'owner') throw GROUP_ERRORS.ownersOnly;
      if (target?.status !== 'active') throw GROUP_ERRORS.memberNotFound;
      if (target.role === 'owner' && role !== 'owner' && (await this.groups.activeOwnerCount(manager, group.id)) <= 1) {
        throw GROUP_ERRORS.lastOwner;
      }
      await this.groups.setRole(manager, group.id, targetId, role);
    });
    await this.rooms.membersChanged(group);
    return this.groupsService.membersOf(await this.groupsService.find(slug, actorId), actorId, 1);
  }

  private async notifyAccepted(group: GroupRow, userId: number): Promise<void> {
    await this.notifications.notify(userId, {
      type: 'group_request_accepted',
      heading: 'Request accepted',
      body: `You are now a member of ${group.name}.`,
      link: groupPath(group.slug),
    });
  }
}

/** Owners act on anyone but owners; moderators on members only. */
function assertOutranks(actor: Membership, target: Membership): void {
  if (target.role === 'owner' || (actor.role === 'moderator' && target.role !== 'member')) throw GROUP_ERRORS.outranked;
}
