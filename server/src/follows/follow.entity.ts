import { CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A member follows another: the followee's posts come into the follower's feed. */
@Entity({ name: 'follows' })
@Index('follows_followee', ['followeeId', 'followerId'])
export class FollowEntity {
  @PrimaryColumn({ name: 'follower_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
  @ForeignKey(() => UserEntity, { name: 'follows_follower_id_fkey', onDelete: 'CASCADE' })
  followerId: number;

  @PrimaryColumn({ name: 'followee_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
  @ForeignKey(() => UserEntity, { name: 'follows_followee_id_fkey', onDelete: 'CASCADE' })
  followeeId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
