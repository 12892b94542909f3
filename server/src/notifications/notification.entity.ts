import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationType } from '@shared/notifications/notifications.js';
import { UserEntity } from '../users/user.entity.js';

@Entity({ name: 'notifications' })
@Index('notifications_user', ['userId', 'id'])
@Index('notifications_user_unread', ['userId', 'id'], { where: 'read_at IS NULL' })
export class NotificationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'notifications_pkey' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'notifications_user_id_fkey', onDelete: 'CASCADE' })
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
