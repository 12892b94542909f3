import { Check, Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import type { ApiError } from '@shared/api/envelope.js';
import { UserEntity } from '../users/user.entity.js';

/** The answer given to a keyed request: `{ data }` for a success, `{ errors }` for a refusal. */
export type StoredAnswer = { data: unknown } | { errors: ApiError[] };

/**
 * A request that moves credits or money, by the member's Idempotency-Key: a hash of what was asked
 * and, once answered, the answer, replayed to every retry of the same key.
 */
@Entity({ name: 'idempotent_requests' })
@Check('idempotent_requests_status_check', `status IN ('started', 'answered')`)
export class IdempotentRequestEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'idempotent_requests_pkey' })
  @ForeignKey(() => UserEntity, { name: 'idempotent_requests_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'idempotent_requests_pkey' })
  key: string;

  /** Method and route pattern, for people reading the table. */
  @Column({ type: 'text' })
  route: string;

  /** SHA-256 of the method, the address, the acting team and the body. */
  @Column({ name: 'request_hash', type: 'text' })
  requestHash: string;

  @Column({ type: 'text', default: 'started' })
  status: 'started' | 'answered';

  /** The answer given: `{ data }` for a success, `{ errors }` for a refusal. */
  @Column({ type: 'jsonb', nullable: true })
  answer: StoredAnswer | null;

  /** When a process last took the request up; a started one untouched for long is taken up again. */
  @Column({ name: 'claimed_at', type: 'timestamptz', default: () => 'now()' })
  claimedAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
