import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** How often a member's profile was viewed in one hour (once a day per viewer). */
@Entity({ name: 'profile_views_hourly' })
export class ProfileViewsHourlyEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'profile_views_hourly_pkey' })
  @ForeignKey(() => UserEntity, { name: 'profile_views_hourly_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ type: 'timestamptz', primaryKeyConstraintName: 'profile_views_hourly_pkey' })
  hour: Date;

  @Column({ type: 'integer', default: 0 })
  views: number;
}
