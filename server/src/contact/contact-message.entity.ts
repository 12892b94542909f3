import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A message sent through /contact: what the sender typed, their account when signed in, and a hash of their address. */
@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'contact_messages_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'contact_messages_user_id_fkey', onDelete: 'SET NULL' })
  userId: number | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  /** A keyed hash of the sender's address: groups a flood from one address without storing it. */
  @Column({ name: 'address_hash', type: 'text' })
  addressHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true })
  answeredAt: Date | null;
}
