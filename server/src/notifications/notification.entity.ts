import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationType } from '@shared/notifications/notifications.js';

@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  type: NotificationType;

  @Column({ type: 'text' })
  heading: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
