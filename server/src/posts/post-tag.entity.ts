import { Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { PostEntity } from './post.entity.js';

/**
 * One tag of one post: the home feed walks a followed tag's newest posts by the primary key.
 * Written only by the trigger posts_tags_indexed (sql/index_post_tags.sql), from posts.tags.
 */
@Entity({ name: 'post_tags' })
@Index('post_tags_post', ['postId'])
export class PostTagEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'post_tags_pkey' })
  tag: string;

  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'post_tags_pkey' })
  @ForeignKey(() => PostEntity, { name: 'post_tags_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;
}
