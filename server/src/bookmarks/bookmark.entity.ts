import { CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A member saved a post to find it again (/BookmarkedPosts, newest first). */
@Entity({ name: 'bookmarks' })
@Index('bookmarks_user_recent', ['userId', 'createdAt'])
export class BookmarkEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'bookmarks_pkey' })
  @ForeignKey(() => UserEntity, { name: 'bookmarks_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'bookmarks_pkey' })
  @ForeignKey(() => PostEntity, { name: 'bookmarks_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
