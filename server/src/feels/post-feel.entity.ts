import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A member's feel (reaction) on a post: one per member and post, changeable. Never earns or costs credits. */
@Entity({ name: 'post_feels' })
@Check('post_feels_kind_check', `kind IN ('like', 'love', 'haha', 'wow', 'sad', 'angry')`)
@Index('post_feels_user', ['userId'])
/** Detailed Stats counts a post's feels by when they were given. */
@Index('post_feels_post_created', ['postId', 'createdAt'])
export class PostFeelEntity {
  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'post_feels_pkey' })
  @ForeignKey(() => PostEntity, { name: 'post_feels_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'post_feels_pkey' })
  @ForeignKey(() => UserEntity, { name: 'post_feels_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text' })
  kind: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
