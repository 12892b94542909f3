import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { MediaObject } from '@shared/media/media.js';
import { notBlockedEitherWay } from '../blocks/blocks.repository.js';
import type { GroupMemberStatus, GroupRole } from './group-member.entity.js';
import type { GroupVisibility } from './group.entity.js';

/** A group with its active member count and the viewer's place in it, as the queries below select it. */
export interface GroupRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  image_id: string | null;
  visibility: GroupVisibility;
  created_at: Date;
  members: number;
  viewer_status: GroupMemberStatus | null;
  viewer_role: GroupRole | null;
}

export interface MemberRow {
  user_id: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  role: GroupRole;
  created_at: Date;
}

export interface Membership {
  role: GroupRole;
  status: GroupMemberStatus;
}

export interface GroupValues {
  name: string;
  description: string;
  imageId: string | null;
  visibility: GroupVisibility;
}

/** $1: the viewer (null for visitors). */
const SELECT_GROUP = `SELECT g.id, g.slug, g.name, g.description, g.image_id, g.visibility, g.created_at,
         (SELECT count(*)::int FROM group_members a WHERE a.group_id = g.id AND a.status = 'active') AS members,
         v.status AS viewer_status, v.role AS viewer_role
    FROM groups g LEFT JOIN group_members v ON v.group_id = g.id AND v.user_id = $1`;

const SELECT_MEMBER = `SELECT m.user_id, u.username, u.first_name, u.image, m.role, m.created_at
    FROM group_members m JOIN users u ON u.id = m.user_id`;

/** Owners first, then moderators, then members; the longest in first. */
const ROLE_ORDER = `CASE m.role WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, m.created_at, m.user_id`;

/** Groups (`groups`) and their members (`group_members`: role, and active, requested or banned). */
@Injectable()
export class GroupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async bySlug(slug: string, viewerId: number | null): Promise<GroupRow | null> {
    const [row]: GroupRow[] = await this.dataSource.query(`${SELECT_GROUP} WHERE g.slug = $2`, [viewerId, slug]);
    return row ?? null;
  }

  async byId(groupId: number, viewerId: number | null): Promise<GroupRow | null> {
    const [row]: GroupRow[] = await this.dataSource.query(`${SELECT_GROUP} WHERE g.id = $2`, [viewerId, groupId]);
    return row ?? null;
  }

  /** The viewer's groups, those they are in or asked to join: in first, then A–Z. */
  async groupsOf(viewerId: number): Promise<GroupRow[]> {
    return this.dataSource.query(
      `${SELECT_GROUP} WHERE v.status IN ('active', 'requested') ORDER BY v.status, lower(g.name), g.id`,
      [viewerId],
    );
  }

  /** Public groups the viewer has no place in, whose name contains `search` (any case); the largest first. */
  async discover(viewerId: number, search: string, limit: number): Promise<GroupRow[]> {
    return this.dataSource.query(
      `SELECT * FROM (${SELECT_GROUP} WHERE g.visibility = 'public' AND v.user_id IS NULL
                 AND ($2 = '' OR g.name ILIKE '%' || replace(replace(replace($2, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')) found
        ORDER BY members DESC, id DESC LIMIT $3`,
      [viewerId, search, limit],
    );
  }

  /** Slugs taken among `base` and `base-<n>`. */
  async slugsLike(base: string): Promise<Set<string>> {
    const rows: { slug: string }[] = await this.dataSource.query(
      `SELECT slug FROM groups WHERE slug = $1 OR (slug LIKE $1 || '-%' AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`,
      [base],
    );
    return new Set(rows.map((row) => row.slug));
  }

  /** Fails with a unique violation (23505) when a racing insert took the slug. Answers the new id. */
  async insertGroup(manager: EntityManager, slug: string, values: GroupValues, createdBy: number): Promise<number> {
    const [row]: { id: number }[] = await manager.query(
      `INSERT INTO groups (slug, name, description, image_id, visibility, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [slug, values.name, values.description, values.imageId, values.visibility, createdBy],
    );
    return row.id;
  }

  async updateGroup(groupId: number, values: GroupValues): Promise<void> {
    await this.dataSource.query(`UPDATE groups SET name = $2, description = $3, image_id = $4, visibility = $5 WHERE id = $1`, [
      groupId,
      values.name,
      values.description,
      values.imageId,
      values.visibility,
    ]);
  }

  /** The group's live posts, oldest first. */
  async livePostIds(manager: EntityManager | null, groupId: number): Promise<number[]> {
    const rows: { id: number }[] = await (manager ?? this.dataSource).query(
      `SELECT id FROM posts WHERE group_id = $1 AND deleted_at IS NULL ORDER BY id`,
      [groupId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the group with its memberships and invite codes. Its posts, all soft-deleted by then,
   * leave it first: a post keeps no reference to a group that is gone.
   */
  async deleteGroup(manager: EntityManager, groupId: number): Promise<void> {
    await manager.query(`UPDATE posts SET group_id = NULL WHERE group_id = $1`, [groupId]);
    await manager.query(`DELETE FROM groups WHERE id = $1`, [groupId]);
  }

  /** Active members: who hears the group is gone. */
  async activeMemberIds(manager: EntityManager, groupId: number): Promise<number[]> {
    const rows: { user_id: number }[] = await manager.query(
      `SELECT user_id FROM group_members WHERE group_id = $1 AND status = 'active'`,
      [groupId],
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Locks the group's row for the rest of the transaction: every change of roles, bans and
   * membership takes it first, so two owners leaving at once cannot leave the group ownerless.
   */
  async lockGroup(manager: EntityManager, groupId: number): Promise<void> {
    await manager.query(`SELECT 1 FROM groups WHERE id = $1 FOR UPDATE`, [groupId]);
  }

  async membership(manager: EntityManager | null, groupId: number, userId: number): Promise<Membership | null> {
    const [row]: Membership[] = await (manager ?? this.dataSource).query(
      `SELECT role, status FROM group_members WHERE group_id = $1 AND user_id = $2`,
      [groupId, userId],
    );
    return row ?? null;
  }

  /** Adds the member, or sets their row (a request becomes active). */
  async putMember(manager: EntityManager | null, groupId: number, userId: number, role: GroupRole, status: GroupMemberStatus) {
    await (manager ?? this.dataSource).query(
      `INSERT INTO group_members (group_id, user_id, role, status) VALUES ($1, $2, $3, $4)
       ON CONFLICT (group_id, user_id) DO UPDATE SET role = excluded.role, status = excluded.status,
         created_at = CASE WHEN group_members.status = excluded.status THEN group_members.created_at ELSE now() END`,
      [groupId, userId, role, status],
    );
  }

  async setRole(manager: EntityManager, groupId: number, userId: number, role: GroupRole): Promise<void> {
    await manager.query(`UPDATE group_members SET role = $3 WHERE group_id = $1 AND user_id = $2`, [groupId, userId, role]);
  }

  async deleteMember(manager: EntityManager | null, groupId: number, userId: number): Promise<void> {
    await (manager ?? this.dataSource).query(`DELETE FROM group_members WHERE group_id = $1 AND user_id = $2`, [groupId, userId]);
  }

  async activeOwnerCount(manager: EntityManager, groupId: number): Promise<number> {
    const [row]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM group_members WHERE group_id = $1 AND role = 'owner' AND status = 'active'`,
      [groupId],
    );
    return row.n;
  }

  /** Active owners and moderators: who hears of join requests. */
  async managerIds(groupId: number): Promise<number[]> {
    const rows: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM group_members WHERE group_id = $1 AND status = 'active' AND role IN ('owner', 'moderator')`,
      [groupId],
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Active members, owners first; and how many there are. `viewerId`: leave out the members
   * blocked either way with this viewer (null: everyone, for visitors and the group's managers).
   */
  async activeMembers(
    groupId: number,
    viewerId: number | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const shown = `m.group_id = $1 AND m.status = 'active' AND ($2::int IS NULL OR ${notBlockedEitherWay('$2::int', 'm.user_id')})`;
    const [rows, [count]]: [MemberRow[], { n: number }[]] = await Promise.all([
      this.dataSource.query(`${SELECT_MEMBER} WHERE ${shown} ORDER BY ${ROLE_ORDER} LIMIT $3 OFFSET $4`, [
        groupId,
        viewerId,
        limit,
        offset,
      ]),
      this.dataSource.query(`SELECT count(*)::int AS n FROM group_members m WHERE ${shown}`, [groupId, viewerId]),
    ]);
    return { rows, total: count.n };
  }

  /** Members asking to join (oldest first) or banned (latest first), up to `limit`. */
  async membersWithStatus(groupId: number, status: 'requested' | 'banned', limit: number): Promise<MemberRow[]> {
    return this.dataSource.query(
      `${SELECT_MEMBER} WHERE m.group_id = $1 AND m.status = $2
        ORDER BY ${status === 'requested' ? 'm.created_at, m.user_id' : 'm.created_at DESC, m.user_id'} LIMIT $3`,
      [groupId, status, limit],
    );
  }
}
