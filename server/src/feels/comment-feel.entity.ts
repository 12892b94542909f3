import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { CommentEntity } from '../comments/comment.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A member's feel (reaction) on a comment: one per member and comment, changeable. */
@Entity({ name: 'comment_feels' })
@Check('comment_feels_kind_check', `kind IN ('like', 'love', 'haha', 'wow', 'sad', 'angry')`)
@Index('comment_feels_user', ['userId'])
export class CommentFeelEntity {
  @PrimaryColumn({ name: 'comment_id', type: 'bigint', primaryKeyConstraintName: 'comment_feels_pkey' })
  @ForeignKey(() => CommentEntity, { name: 'comment_feels_comment_id_fkey', onDelete: 'CASCADE' })
  commentId: string;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'comment_feels_pkey' })
  @ForeignKey(() => UserEntity, { name: 'comment_feels_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text' })
  kind: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
