import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';

/** A post's views by country and day (UTC); country '' when the address's country is unknown. */
@Entity({ name: 'post_stats_country_daily' })
export class PostStatsCountryDailyEntity {
  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'post_stats_country_daily_pkey' })
  @ForeignKey(() => PostEntity, { name: 'post_stats_country_daily_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'post_stats_country_daily_pkey' })
  day: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'post_stats_country_daily_pkey' })
  country: string;

  @Column({ type: 'integer', default: 0 })
  seen: number;

  @Column({ type: 'integer', default: 0 })
  viewed: number;
}
