import { Injectable } from '@nestjs/common';
import {
  groupPath,
  GROUPS_PAGE_SIZE,
  groupSchema,
  slugOf,
  type GroupAnswer,
  type GroupJoinAnswer,
  type GroupMemberItem,
  type GroupMembersAnswer,
  type GroupPayload,
  type GroupsOverview,
  type GroupSummary,
} from '@shared/groups/groups.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { Advertiser } from '../auth/advertiser.js';
import { AppError } from '../common/errors/app-error.js';
import { Transactions } from '../database/transactions.js';
import { MediaService } from '../media/media.service.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PostRetirement } from '../posts/post-retirement.js';
import { UsersRepository } from '../users/users.repository.js';
import { GROUP_ERRORS } from './group-errors.js';
import { GroupRoomsService } from './group-rooms.service.js';
import { canSeeContent, GROUP_SLUG, isManager } from './group-rules.js';
import { GroupsRepository, type GroupRow, type GroupValues, type MemberRow } from './groups.repository.js';

/** Requests and bans a manager sees at once. */
const MANAGER_LIST_LIMIT = 200;

/**
 * Groups: creating, editing and deleting them, joining (a public group at once, a private one by request),
 * leaving, and what their pages show. A private group's members are read by its active members only.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly transactions: Transactions,
    private readonly media: MediaService,
    private readonly limits: MemberRateLimits,
    private readonly notifications: NotificationsService,
    private readonly users: UsersRepository,
    private readonly retirement: PostRetirement,
    private readonly rooms: GroupRoomsService,
  ) {}

  async overview(viewerId: number, search: string): Promise<GroupsOverview> {
    const [mine, discover] = await Promise.all([
      this.groups.groupsOf(viewerId),
      this.groups.discover(viewerId, search, GROUPS_PAGE_SIZE.discover),
    ]);
    return { mine: mine.map((row) => this.toSummary(row)), discover: discover.map((row) => this.toSummary(row)) };
  }

  async group(slug: string, viewerId: number | null): Promise<GroupAnswer> {
    return this.toAnswer(await this.find(slug, viewerId));
  }

  /** The creator becomes its owner. The slug comes from the name, made unique. */
  async create(userId: number, payload: GroupPayload): Promise<GroupAnswer> {
    const values = await this.values(userId, payload);
    await this.limits.take('groupCreate', userId);
    const base = slugOf(values.name);
    for (let attempt = 0; ; attempt++) {
      const slug = await this.freeSlug(base, attempt);
      try {
        const groupId = await this.transactions.run(async (manager) => {
          const id = await this.groups.insertGroup(manager, slug, values, userId);
          await this.groups.putMember(manager, id, userId, 'owner', 'active');
          return id;
        });
        return this.toAnswer((await this.groups.byId(groupId, userId))!);
      } catch (error) {
        // Another group took the slug between the read and the insert: try the next one.
        if ((error as { code?: string }).code !== '23505' || attempt >= 4) throw error;
      }
    }
  }

  async update(userId: number, slug: string, payload: GroupPayload): Promise<GroupAnswer> {
    const group = await this.managed(slug, userId);
    const values = await this.values(userId, payload, group.image_id);
    await this.groups.updateGroup(group.id, values);
    if (group.visibility === 'public' && values.visibility === 'private') await this.rooms.accessNarrowed(group.id);
    return this.group(slug, userId);
  }

  /**
   * By one of its owners: its posts are deleted (their unspent credits go back to their authors),
   * so they leave every feed, bookmark list and the surf bar; the group, its memberships and invite
   * codes go with it, and its other members are told.
   */
  async remove(userId: number, slug: string): Promise<void> {
    const group = await this.find(slug, userId);
    if (group.viewer_status !== 'active') throw this.refusalFor(group);
    if (group.viewer_role !== 'owner') throw GROUP_ERRORS.ownersOnlyDelete;
    const { members, retired } = await this.transactions.run(async (manager) => {
      await this.groups.lockGroup(manager, group.id);
      const actor = await this.groups.membership(manager, group.id, userId);
      if (actor?.status !== 'active' || actor.role !== 'owner') throw GROUP_ERRORS.ownersOnlyDelete;
      const retired: { pid: number; owner: Advertiser }[] = [];
      for (const pid of await this.groups.livePostIds(manager, group.id)) {
        const owner = await this.retirement.retire(manager, pid);
        if (owner !== null) retired.push({ pid, owner });
      }
      const active = await this.groups.activeMemberIds(manager, group.id);
      await this.groups.deleteGroup(manager, group.id);
      return { members: active.filter((id) => id !== userId), retired };
    });
    await this.rooms.membersChanged(group);
    await this.retirement.announce(retired);
    await this.rooms.accessNarrowed(group.id);
    for (const memberId of members) {
      await this.notifications.notify(memberId, {
        type: 'group_deleted',
        heading: 'Group deleted',
        body: `${group.name} was deleted by its owner, with its posts.`,
        link: null,
      });
    }
  }

  /** A public group: in at once. A private one: a request its owners and moderators hear of. */
  async join(userId: number, slug: string): Promise<GroupJoinAnswer> {
    const group = await this.find(slug, userId);
    if (group.viewer_status === 'banned') throw GROUP_ERRORS.banned;
    if (group.viewer_status === 'active' || group.viewer_status === 'requested') {
      return { status: group.viewer_status, group: this.toAnswer(group) };
    }
    await this.limits.take('groupJoin', userId);
    const status = group.visibility === 'public' ? 'active' : 'requested';
    await this.groups.putMember(null, group.id, userId, 'member', status);
    await this.rooms.membersChanged(group);
    if (status === 'requested') await this.notifyRequest(group, userId);
    return { status, group: await this.group(slug, userId) };
  }

  /** Leaves the group, or withdraws a request. The last owner cannot leave; a ban stays. */
  async leave(userId: number, slug: string): Promise<void> {
    const group = await this.find(slug, userId);
    const left = await this.transactions.run(async (manager) => {
      await this.groups.lockGroup(manager, group.id);
      const membership = await this.groups.membership(manager, group.id, userId);
      if (!membership || membership.status === 'banned') return false;
      if (
        membership.status === 'active' &&
        membership.role === 'owner' &&
        (await this.groups.activeOwnerCount(manager, group.id)) <= 1
      ) {
        throw GROUP_ERRORS.lastOwner;
      }
      await this.groups.deleteMember(manager, group.id, userId);
      return true;
    });
    if (left) await this.rooms.membersChanged(group, [userId]);
  }

  /** Active members, paged; for the group's owners and moderators also its requests and bans. */
  async members(slug: string, viewerId: number | null, page: number): Promise<GroupMembersAnswer> {
    const group = await this.find(slug, viewerId);
    if (!canSeeContent(group)) throw GROUP_ERRORS.membersOnly;
    return this.membersOf(group, viewerId, page);
  }

  /**
   * A page of the group's members as the viewer sees them: members blocked either way with the
   * viewer are left out, as everywhere else, except for the group's managers, who moderate them.
   */
  async membersOf(group: GroupRow, viewerId: number | null, page: number): Promise<GroupMembersAnswer> {
    const size = GROUPS_PAGE_SIZE.members;
    const manages = isManager(group);
    const [{ rows, total }, requests, banned] = await Promise.all([
      this.groups.activeMembers(group.id, manages ? null : viewerId, size, (page - 1) * size),
      manages ? this.groups.membersWithStatus(group.id, 'requested', MANAGER_LIST_LIMIT) : null,
      manages ? this.groups.membersWithStatus(group.id, 'banned', MANAGER_LIST_LIMIT) : null,
    ]);
    return {
      members: rows.map(toMemberItem),
      page,
      pages: Math.max(1, Math.ceil(total / size)),
      total,
      requests: requests?.map(toMemberItem) ?? null,
      banned: banned?.map(toMemberItem) ?? null,
    };
  }

  /** The group at this address as the viewer sees it; not found for any other address. */
  async find(slug: string, viewerId: number | null): Promise<GroupRow> {
    const group = GROUP_SLUG.test(slug) ? await this.groups.bySlug(slug, viewerId) : null;
    if (!group) throw GROUP_ERRORS.notFound;
    return group;
  }

  /** The group, when the member is one of its active owners or moderators. */
  async managed(slug: string, userId: number): Promise<GroupRow> {
    const group = await this.find(slug, userId);
    if (!isManager(group)) throw this.refusalFor(group);
    return group;
  }

  /** Why a viewer who is not a manager may not act: not allowed, or (a private group) not even a member. */
  refusalFor(group: GroupRow): AppError {
    return canSeeContent(group) ? GROUP_ERRORS.managersOnly : GROUP_ERRORS.membersOnly;
  }

  toSummary(row: GroupRow): GroupSummary {
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: row.image_id ? this.media.toMediaObject(row.image_id, 'post_image') : null,
      visibility: row.visibility,
      members: row.members,
      viewer: row.viewer_status && row.viewer_role ? { status: row.viewer_status, role: row.viewer_role } : null,
    };
  }

  toAnswer(row: GroupRow): GroupAnswer {
    return {
      ...this.toSummary(row),
      createdAt: row.created_at.toISOString(),
      canSeeContent: canSeeContent(row),
      canManage: isManager(row),
    };
  }

  private async notifyRequest(group: GroupRow, userId: number): Promise<void> {
    const [managers, requester] = await Promise.all([this.groups.managerIds(group.id), this.users.findById(userId)]);
    if (!requester) return;
    for (const managerId of managers) {
      await this.notifications.notifyFrom(userId, managerId, {
        type: 'group_join_request',
        heading: 'Request to join',
        body: `${requester.firstName} (@${requester.username}) asks to join ${group.name}.`,
        link: groupPath(group.slug, 'members'),
      });
    }
  }

  /** The checked columns: the picture must be one the member uploaded (or the one the group has). */
  private async values(userId: number, payload: GroupPayload, currentImageId: string | null = null): Promise<GroupValues> {
    const values = groupSchema.parse(payload);
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

  /** `base`, else `base-2`, `base-3`…; after a lost race, a random suffix. */
  private async freeSlug(base: string, attempt: number): Promise<string> {
    if (attempt > 0) return `${base}-${Math.floor(10_000 + Math.random() * 90_000)}`;
    const taken = await this.groups.slugsLike(base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

export function toMemberItem(row: MemberRow): GroupMemberItem {
  return {
    user: { id: row.user_id, username: row.username, first_name: row.first_name, image: row.image },
    role: row.role,
    since: row.created_at.toISOString(),
  };
}
