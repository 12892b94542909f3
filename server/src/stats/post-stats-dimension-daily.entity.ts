import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';

/**
 * A post's views by day (UTC) and one dimension's value: `language` (primary subtag), `device`
 * (screen-size bucket) or `referrer` (host); value '' when unknown.
 */
@Entity({ name: 'post_stats_dimension_daily' })
export class PostStatsDimensionDailyEntity {
  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'post_stats_dimension_daily_pkey' })
  @ForeignKey(() => PostEntity, { name: 'post_stats_dimension_daily_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'post_stats_dimension_daily_pkey' })
  day: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'post_stats_dimension_daily_pkey' })
  dimension: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'post_stats_dimension_daily_pkey' })
  value: string;

  @Column({ type: 'integer', default: 0 })
  seen: number;

  @Column({ type: 'integer', default: 0 })
  viewed: number;
}
