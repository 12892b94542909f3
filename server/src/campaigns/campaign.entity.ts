import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A post's campaign: the credits it pays viewers from (always the sum of its ledger rows), its
 * counters, and its place in the surf rotation (served longest ago first).
 */
@Entity({ name: 'campaigns' })
@Check('campaigns_credits_check', 'credits >= 0')
@Check('campaigns_daily_view_cap_check', 'daily_view_cap > 0')
@Index('campaigns_rotation', ['lastServedAt'], { where: 'credits > 0 AND NOT paused' })
export class CampaignEntity {
  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'campaigns_pkey' })
  @ForeignKey(() => PostEntity, { name: 'campaigns_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'campaigns_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'bigint', default: 0 })
  credits: string;

  @Column({ type: 'boolean', default: false })
  paused: boolean;

  /** Views a day at most; null: no cap. */
  @Column({ name: 'daily_view_cap', type: 'integer', nullable: true })
  dailyViewCap: number | null;

  @Column({ name: 'views_total', type: 'bigint', default: 0 })
  viewsTotal: string;

  /** Views on views_day; a past views_day means none today. */
  @Column({ name: 'views_today', type: 'integer', default: 0 })
  viewsToday: number;

  @Column({ name: 'views_day', type: 'date', default: () => 'CURRENT_DATE' })
  viewsDay: string;

  @Column({ name: 'last_view_at', type: 'timestamptz', nullable: true })
  lastViewAt: Date | null;

  @Column({ name: 'last_served_at', type: 'timestamptz', default: () => "'-infinity'" })
  lastServedAt: Date;
}
