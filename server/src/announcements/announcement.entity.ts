import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Announcement } from '@shared/announcements/announcements.js';

@Entity({ name: 'announcements' })
export class AnnouncementEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  heading: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', default: '' })
  footer: string;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @Column({ name: 'class_context', type: 'text' })
  classContext: Announcement['classContext'];

  @Column({ type: 'text' })
  type: Announcement['type'];

  @Column({ type: 'text' })
  auth: Announcement['auth'];

  @Column({ name: 'only_paths', type: 'text', array: true })
  only: string[];

  @Column({ name: 'except_paths', type: 'text', array: true })
  except: string[];

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;
}
