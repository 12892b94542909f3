import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CommentEntity } from '../comments/comment.entity.js';
import { PostEntity } from '../posts/post.entity.js';
import type { ReportResolution } from '@shared/admin/reports.js';
import { UserEntity } from '../users/user.entity.js';

/** A member reported a post or a comment to the admins. */
@Entity({ name: 'reports' })
@Check('reports_check', '(post_id IS NULL) <> (comment_id IS NULL)')
@Check('reports_resolution_check', `resolution IN ('hidden', 'dismissed', 'banned')`)
@Index('reports_open', ['createdAt'], { where: 'resolved_at IS NULL' })
@Index('reports_open_post', ['postId'], { where: 'resolved_at IS NULL' })
@Index('reports_open_comment', ['commentId'], { where: 'resolved_at IS NULL' })
export class ReportEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'reports_pkey' })
  id: string;

  @Column({ name: 'reporter_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'reports_reporter_id_fkey', onDelete: 'CASCADE' })
  reporterId: number;

  @Column({ name: 'post_id', type: 'integer', nullable: true })
  @ForeignKey(() => PostEntity, { name: 'reports_post_id_fkey', onDelete: 'CASCADE' })
  postId: number | null;

  @Column({ name: 'comment_id', type: 'bigint', nullable: true })
  @ForeignKey(() => CommentEntity, { name: 'reports_comment_id_fkey', onDelete: 'CASCADE' })
  commentId: string | null;

  @Column({ type: 'text', default: '' })
  reason: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  /** How an admin closed it: the target hidden, the reports dismissed, or its writer's login suspended. */
  @Column({ type: 'text', nullable: true })
  resolution: ReportResolution | null;
}
