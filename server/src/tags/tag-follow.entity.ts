import { CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A member follows a tag: posts carrying it come into their feed (and, if they choose, their surf bar). */
@Entity({ name: 'tag_follows' })
@Index('tag_follows_tag', ['tag'])
export class TagFollowEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'tag_follows_pkey' })
  @ForeignKey(() => UserEntity, { name: 'tag_follows_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  /** Lower case, as posts store their tags. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tag_follows_pkey' })
  tag: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
