import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * The occurrences of one error (client crash or server failure), grouped by fingerprint: one row
 * per distinct error, so a repeating error only counts up.
 */
@Entity({ name: 'error_groups' })
export class ErrorGroupEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'error_groups_pkey' })
  fingerprint: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'sample_stack', type: 'text' })
  sampleStack: string;

  @Column({ type: 'integer', default: 1 })
  occurrences: number;

  @Column({ name: 'first_seen', type: 'timestamptz', default: () => 'now()' })
  firstSeen: Date;

  @Column({ name: 'last_seen', type: 'timestamptz', default: () => 'now()' })
  @Index('error_groups_last_seen')
  lastSeen: Date;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  urls: string[];

  @Column({ type: 'jsonb', default: {} })
  browsers: Record<string, number>;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @Column({ name: 'resolved_by', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'error_groups_resolved_by_fkey', onDelete: 'SET NULL' })
  resolvedBy: number | null;
}
