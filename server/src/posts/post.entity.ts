import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { GroupEntity } from '../groups/group.entity.js';
import { TeamEntity } from '../teams/team.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A member's post. Deleting one sets deleted_at: the ledger rows of its campaign still refer to it. */
@Entity({ name: 'posts' })
@Index('posts_user', ['userId', 'id'], { where: 'deleted_at IS NULL' })
@Index('posts_group', ['groupId', 'id'], { where: 'group_id IS NOT NULL AND deleted_at IS NULL' })
@Index('posts_team', ['teamId', 'id'], { where: 'team_id IS NOT NULL AND deleted_at IS NULL' })
/** GIN over tags (a tag's feed, trending tags): an index TypeORM cannot declare, so it leaves it alone. */
@Index('posts_tags', { synchronize: false })
/** Trigram GIN over the text of live posts (post search), which TypeORM cannot declare either. */
@Index('posts_text_trgm', { synchronize: false })
export class PostEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'posts_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'posts_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @Column({ name: 'youtube_id', type: 'text', nullable: true })
  youtubeId: string | null;

  /** Pictures in the media table, in the order shown. */
  @Column({ name: 'image_ids', type: 'uuid', array: true, default: () => "'{}'" })
  imageIds: string[];

  @Column({ type: 'text' })
  language: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  /** The group the post was written in (its visibility is the group's); null: the member's own. */
  @Column({ name: 'group_id', type: 'integer', nullable: true })
  @ForeignKey(() => GroupEntity, { name: 'posts_group_id_fkey' })
  groupId: number | null;

  /** The team the post was written for (its campaign spends the team's credits); null: the member's own. */
  @Column({ name: 'team_id', type: 'integer', nullable: true })
  @ForeignKey(() => TeamEntity, { name: 'posts_team_id_fkey' })
  teamId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  /** Set when an admin hid the post after reports: only its writer and admins still see it, and the surf bar never offers it. */
  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true })
  hiddenAt: Date | null;
}
