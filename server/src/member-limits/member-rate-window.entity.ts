import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** How many times a member did one limited action in the current window (see MemberLimits). */
@Entity({ name: 'member_rate_windows' })
export class MemberRateWindowEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'member_rate_windows_pkey' })
  @ForeignKey(() => UserEntity, { name: 'member_rate_windows_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'member_rate_windows_pkey' })
  action: string;

  @Column({ name: 'window_start', type: 'timestamptz' })
  windowStart: Date;

  @Column({ type: 'integer' })
  count: number;
}
