import { Check, Column, CreateDateColumn, Entity, ForeignKey, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { MediaEntity } from '../media/media.entity.js';
import { UserEntity } from '../users/user.entity.js';

export type GroupVisibility = 'public' | 'private';

/**
 * A group: members post into it. A public group's posts, comments and members are visible to
 * everyone; a private group's to its active members only.
 */
@Entity({ name: 'groups' })
@Unique('groups_slug_key', ['slug'])
@Check('groups_visibility_check', `visibility IN ('public', 'private')`)
export class GroupEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'groups_pkey' })
  id: number;

  /** The group's address (/profile/g/<slug>): lower case letters, digits and dashes. */
  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'image_id', type: 'uuid', nullable: true })
  @ForeignKey(() => MediaEntity, { name: 'groups_image_id_fkey', onDelete: 'SET NULL' })
  imageId: string | null;

  @Column({ type: 'text', default: 'public' })
  visibility: GroupVisibility;

  /** Who created it; ownership itself is a member's role (group_members), which may move. */
  @Column({ name: 'created_by', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'groups_created_by_fkey' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
