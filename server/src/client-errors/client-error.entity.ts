import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A crash report posted by the client's error boundary. */
@Entity({ name: 'client_errors' })
export class ClientErrorEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'client_errors_pkey' })
  id: string;

  @Column({ type: 'text' })
  stacktrace: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'client_errors_user', onDelete: 'SET NULL' })
  userId: number | null;

  @Column({ name: 'user_agent', type: 'text' })
  userAgent: string;

  @Column({ type: 'text' })
  ip: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Index('client_errors_created_at')
  createdAt: Date;
}
