import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { GroupEntity } from './group.entity.js';

/** An invite code: anyone holding it joins the group at /groups/:code/join, until it expires, runs out or is revoked. */
@Entity({ name: 'group_invites' })
@Unique('group_invites_code_key', ['code'])
@Check('group_invites_uses_check', 'uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)')
@Index('group_invites_group', ['groupId'])
export class GroupInviteEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'group_invites_pkey' })
  id: number;

  @Column({ name: 'group_id', type: 'integer' })
  @ForeignKey(() => GroupEntity, { name: 'group_invites_group_id_fkey', onDelete: 'CASCADE' })
  groupId: number;

  @Column({ type: 'text' })
  code: string;

  @Column({ name: 'created_by', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'group_invites_created_by_fkey', onDelete: 'CASCADE' })
  createdBy: number;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'max_uses', type: 'integer', nullable: true })
  maxUses: number | null;

  @Column({ type: 'integer', default: 0 })
  uses: number;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
