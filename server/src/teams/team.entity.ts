import { Check, Column, CreateDateColumn, Entity, ForeignKey, PrimaryGeneratedColumn } from 'typeorm';
import { MediaEntity } from '../media/media.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A team: an advertiser account several members run. Its balance is a ledger account of its own
 * ('team' rows of credit_ledger), always the sum of its rows.
 */
@Entity({ name: 'teams' })
@Check('teams_credits_check', 'credits >= 0')
export class TeamEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'teams_pkey' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'image_id', type: 'uuid', nullable: true })
  @ForeignKey(() => MediaEntity, { name: 'teams_image_id_fkey', onDelete: 'SET NULL' })
  imageId: string | null;

  @Column({ type: 'bigint', default: 0 })
  credits: string;

  /** Whether owners and managers may move the team's credits to their own balances. */
  @Column({ name: 'allow_withdraw', type: 'boolean', default: false })
  allowWithdraw: boolean;

  /** Who created it; ownership itself is a member's role (team_members), which may move. */
  @Column({ name: 'created_by', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'teams_created_by_fkey', onDelete: 'SET NULL' })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
