import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

export type AccountTokenPurpose = 'confirm_email' | 'change_email' | 'reset_password' | 'invite';

/** A single-use link sent by mail; only the SHA-256 of its secret is stored. */
@Entity({ name: 'account_tokens' })
@Check('account_tokens_purpose_check', `purpose IN ('confirm_email', 'change_email', 'reset_password', 'invite')`)
@Index('account_tokens_user_purpose', ['userId', 'purpose', 'createdAt'])
export class AccountTokenEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'account_tokens_pkey' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'account_tokens_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @Column({ type: 'text' })
  purpose: AccountTokenPurpose;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column({ name: 'new_email', type: 'text', nullable: true })
  newEmail: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
