import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A crash report posted by the client's error boundary. */
@Entity({ name: 'client_errors' })
export class ClientErrorEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  stacktrace: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'user_agent', type: 'text' })
  userAgent: string;

  @Column({ type: 'text' })
  ip: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
