import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A comment on a post (level c), or a reply to one (one level: parent_id names a top-level comment). */
@Entity({ name: 'comments' })
@Index('comments_post', ['postId', 'id'])
@Index('comments_parent', ['parentId', 'id'], { where: 'parent_id IS NOT NULL' })
/** Detailed Stats counts a post's live comments by when they were written. */
@Index('comments_post_created', ['postId', 'createdAt'], { where: 'deleted_at IS NULL' })
export class CommentEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'comments_pkey' })
  id: string;

  @Column({ name: 'post_id', type: 'integer' })
  @ForeignKey(() => PostEntity, { name: 'comments_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'comments_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ name: 'parent_id', type: 'bigint', nullable: true })
  @ForeignKey(() => CommentEntity, { name: 'comments_parent_id_fkey', onDelete: 'CASCADE' })
  parentId: string | null;

  @Column({ type: 'text' })
  text: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true })
  editedAt: Date | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  /** Set when an admin hid the comment after reports: only its writer and admins still see it. */
  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true })
  hiddenAt: Date | null;
}
