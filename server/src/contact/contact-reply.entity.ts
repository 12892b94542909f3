import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { ContactMessageEntity } from './contact-message.entity.js';

/** An admin's reply to a contact message, as it was mailed to the sender. */
@Entity({ name: 'contact_replies' })
@Index('contact_replies_message', ['messageId', 'id'])
export class ContactReplyEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'contact_replies_pkey' })
  id: number;

  @Column({ name: 'message_id', type: 'integer' })
  @ForeignKey(() => ContactMessageEntity, { name: 'contact_replies_message_id_fkey', onDelete: 'CASCADE' })
  messageId: number;

  /** Null once the admin's account is gone: the reply stays. */
  @Column({ name: 'admin_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'contact_replies_admin_id_fkey', onDelete: 'SET NULL' })
  adminId: number | null;

  @Column({ type: 'text' })
  text: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
