import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AdminAuditAction, AdminAuditTargetType } from '@shared/admin/audit.js';
import { UserEntity } from '../users/user.entity.js';

/** One thing an admin did, to what, and the target before and after. Rows are only ever added. */
@Entity({ name: 'admin_audit' })
@Index('admin_audit_target', ['targetType', 'targetId', 'id'])
@Index('admin_audit_action', ['action', 'id'])
export class AdminAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'admin_audit_pkey' })
  id: string;

  /** Null once the admin's account is gone: the row stays. */
  @Column({ name: 'admin_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'admin_audit_admin_id_fkey', onDelete: 'SET NULL' })
  adminId: number | null;

  @Column({ type: 'text' })
  action: AdminAuditAction;

  @Column({ name: 'target_type', type: 'text' })
  targetType: AdminAuditTargetType;

  @Column({ name: 'target_id', type: 'text' })
  targetId: string;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
