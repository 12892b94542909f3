import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { TeamEntity } from './team.entity.js';

/** A mailed team invitation link: single-use and expiring; only the SHA-256 of its secret is stored. */
@Entity({ name: 'team_invites' })
@Index('team_invites_team_user', ['teamId', 'userId'])
export class TeamInviteEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'team_invites_pkey' })
  id: string;

  @Column({ name: 'team_id', type: 'integer' })
  @ForeignKey(() => TeamEntity, { name: 'team_invites_team_id_fkey', onDelete: 'CASCADE' })
  teamId: number;

  /** The invited member: only they may use the link. */
  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'team_invites_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
