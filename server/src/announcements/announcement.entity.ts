import { Check, Column, CreateDateColumn, Entity, ForeignKey, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Announcement } from '@shared/announcements/announcements.js';
import { UserEntity } from '../users/user.entity.js';

@Entity({ name: 'announcements' })
@Check('announcements_type_check', `type IN ('announcement', 'modal')`)
@Check('announcements_auth_check', `auth IN ('all', 'members', 'visitors')`)
export class AnnouncementEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'announcements_pkey' })
  id: number;

  @Column({ type: 'text' })
  heading: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', default: '' })
  footer: string;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @Column({ name: 'class_context', type: 'text', default: 'info' })
  classContext: Announcement['classContext'];

  @Column({ type: 'text' })
  type: Announcement['type'];

  @Column({ type: 'text' })
  auth: Announcement['auth'];

  @Column({ name: 'only_paths', type: 'text', array: true, default: () => "'{}'" })
  only: string[];

  @Column({ name: 'except_paths', type: 'text', array: true, default: () => "'{}'" })
  except: string[];

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'announcements_created_by_fkey', onDelete: 'SET NULL' })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** Shown from then on; null: at once. */
  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  /** Shown until then; null: until ended. */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;
}
