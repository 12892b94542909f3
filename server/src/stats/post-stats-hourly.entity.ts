import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';

/** What happened to a post in one hour on one kind of screen (`place`, 'other' when unknown). */
@Entity({ name: 'post_stats_hourly' })
export class PostStatsHourlyEntity {
  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'post_stats_hourly_pkey' })
  @ForeignKey(() => PostEntity, { name: 'post_stats_hourly_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @PrimaryColumn({ type: 'timestamptz', primaryKeyConstraintName: 'post_stats_hourly_pkey' })
  hour: Date;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'post_stats_hourly_pkey' })
  place: string;

  @Column({ type: 'integer', default: 0 })
  seen: number;

  @Column({ type: 'integer', default: 0 })
  viewed: number;

  @Column({ type: 'integer', default: 0 })
  credited: number;

  @Column({ name: 'link_clicks', type: 'integer', default: 0 })
  linkClicks: number;

  @Column({ name: 'video_plays', type: 'integer', default: 0 })
  videoPlays: number;

  @Column({ name: 'image_views', type: 'integer', default: 0 })
  imageViews: number;

  /** Profiles opened from the post. */
  @Column({ name: 'profile_views', type: 'integer', default: 0 })
  profileViews: number;
}
