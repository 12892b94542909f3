import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { TeamEntity } from '../teams/team.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { MembershipLevelEntity } from './membership-level.entity.js';
import { OrderEntity } from './order.entity.js';

/**
 * One paid period of a level. A purchase starts now, or right after the member's last period
 * (extending the same level, queueing another), so periods never overlap; the current level is
 * the period that contains now, and it ends by itself.
 */
@Entity({ name: 'memberships' })
@Unique('memberships_order_id_key', ['orderId'])
@Check('memberships_period_check', 'ends_at > starts_at')
@Index('memberships_user', ['userId', 'endsAt'])
@Index('memberships_team', ['teamId', 'endsAt'], { where: 'team_id IS NOT NULL' })
export class MembershipEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'memberships_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'memberships_user_id_fkey' })
  userId: number;

  /** The team the period belongs to; null for the member's own (user_id is then the buyer). */
  @Column({ name: 'team_id', type: 'integer', nullable: true })
  @ForeignKey(() => TeamEntity, { name: 'memberships_team_id_fkey' })
  teamId: number | null;

  @Column({ name: 'level_id', type: 'integer' })
  @ForeignKey(() => MembershipLevelEntity, { name: 'memberships_level_id_fkey' })
  levelId: number;

  @Column({ name: 'order_id', type: 'uuid' })
  @ForeignKey(() => OrderEntity, { name: 'memberships_order_id_fkey' })
  orderId: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;
}
