import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import type { TeamMemberStatus, TeamRole } from '@shared/teams/teams.js';
import { UserEntity } from '../users/user.entity.js';
import { TeamEntity } from './team.entity.js';

/** A member's place in a team: the role it grants, and whether they joined or are invited. */
@Entity({ name: 'team_members' })
@Check('team_members_role_check', `role IN ('owner', 'manager', 'analyst')`)
@Check('team_members_status_check', `status IN ('active', 'invited')`)
@Index('team_members_user', ['userId'])
export class TeamMemberEntity {
  @PrimaryColumn({ name: 'team_id', type: 'integer', primaryKeyConstraintName: 'team_members_pkey' })
  @ForeignKey(() => TeamEntity, { name: 'team_members_team_id_fkey', onDelete: 'CASCADE' })
  teamId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'team_members_pkey' })
  @ForeignKey(() => UserEntity, { name: 'team_members_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text' })
  role: TeamRole;

  @Column({ type: 'text' })
  status: TeamMemberStatus;

  @Column({ name: 'invited_by', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'team_members_invited_by_fkey', onDelete: 'SET NULL' })
  invitedBy: number | null;

  @Column({ name: 'invited_at', type: 'timestamptz', nullable: true })
  invitedAt: Date | null;

  /** An invitation not accepted by then lapses. */
  @Column({ name: 'invite_expires_at', type: 'timestamptz', nullable: true })
  inviteExpiresAt: Date | null;

  @Column({ name: 'joined_at', type: 'timestamptz', nullable: true })
  joinedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
