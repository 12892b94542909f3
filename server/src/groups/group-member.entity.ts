import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { GroupEntity } from './group.entity.js';

export type GroupRole = 'owner' | 'moderator' | 'member';
export type GroupMemberStatus = 'active' | 'requested' | 'banned';

/** A member's place in a group: their role, and whether they are in, asking to join, or banned. */
@Entity({ name: 'group_members' })
@Check('group_members_role_check', `role IN ('owner', 'moderator', 'member')`)
@Check('group_members_status_check', `status IN ('active', 'requested', 'banned')`)
@Index('group_members_user', ['userId', 'groupId'], { where: `status = 'active'` })
export class GroupMemberEntity {
  @PrimaryColumn({ name: 'group_id', type: 'integer', primaryKeyConstraintName: 'group_members_pkey' })
  @ForeignKey(() => GroupEntity, { name: 'group_members_group_id_fkey', onDelete: 'CASCADE' })
  groupId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'group_members_pkey' })
  @ForeignKey(() => UserEntity, { name: 'group_members_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text', default: 'member' })
  role: GroupRole;

  @Column({ type: 'text', default: 'active' })
  status: GroupMemberStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
