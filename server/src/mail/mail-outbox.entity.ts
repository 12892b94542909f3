import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** Mail kept instead of sent when no SMTP server is configured (development, tests). */
@Entity({ name: 'mail_outbox' })
/** On (lower(to_address), id DESC): an expression TypeORM cannot declare, so it leaves the index alone. */
@Index('mail_outbox_to', { synchronize: false })
export class MailOutboxEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'mail_outbox_pkey' })
  id: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'mail_outbox_user_id_fkey', onDelete: 'SET NULL' })
  userId: number | null;

  @Column({ name: 'to_address', type: 'text' })
  toAddress: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'text_body', type: 'text' })
  textBody: string;

  @Column({ name: 'html_body', type: 'text' })
  htmlBody: string;

  @Column({ type: 'text' })
  category: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
