import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { TeamAuditAction, TeamAuditDetails } from '@shared/teams/teams.js';
import { UserEntity } from '../users/user.entity.js';
import { TeamEntity } from './team.entity.js';

/** One thing done to a team, and who did it. Rows are only ever added. */
@Entity({ name: 'team_audit' })
@Index('team_audit_team', ['teamId', 'id'])
export class TeamAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'team_audit_pkey' })
  id: string;

  @Column({ name: 'team_id', type: 'integer' })
  @ForeignKey(() => TeamEntity, { name: 'team_audit_team_id_fkey', onDelete: 'CASCADE' })
  teamId: number;

  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'team_audit_actor_id_fkey', onDelete: 'SET NULL' })
  actorId: number | null;

  @Column({ type: 'text' })
  action: TeamAuditAction;

  @Column({ type: 'jsonb', default: {} })
  details: TeamAuditDetails;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
