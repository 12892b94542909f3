import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminAuditAction, AdminAuditQuery, AdminAuditTargetType } from '@shared/admin/audit.js';

export interface AuditRecord {
  /** The admin who acted; null for the site's own jobs (the actions of SYSTEM_AUDIT_ACTIONS). */
  adminId: number | null;
  action: AdminAuditAction;
  targetType: AdminAuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditRow {
  id: string;
  action: AdminAuditAction;
  admin_id: number | null;
  admin_username: string | null;
  target_type: AdminAuditTargetType;
  target_id: string;
  target_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

/**
 * The target's name as its own table holds it now (a member's username, an order's item, a pack's
 * or level's name, an announcement's heading, a message's subject, an error's message, the start of
 * a post's or comment's text), each read
 * by primary key; null for targets without one (the ledger, the site settings) or once the target
 * is gone. Ids are checked for their shape first, so a malformed one names nothing rather than fail.
 */
const TARGET_NAME = `CASE
    WHEN a.target_type = 'user' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT t.username FROM users t WHERE t.id = a.target_id::int)
    WHEN a.target_type = 'order' AND a.target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      THEN (SELECT t.item_name FROM orders t WHERE t.id = a.target_id::uuid)
    WHEN a.target_type = 'credit_pack' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT t.name FROM credit_packs t WHERE t.id = a.target_id::int)
    WHEN a.target_type = 'membership_level' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT t.name FROM membership_levels t WHERE t.id = a.target_id::int)
    WHEN a.target_type = 'announcement' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT t.heading FROM announcements t WHERE t.id = a.target_id::int)
    WHEN a.target_type = 'contact_message' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT t.subject FROM contact_messages t WHERE t.id = a.target_id::int)
    WHEN a.target_type = 'error_group'
      THEN (SELECT t.message FROM error_groups t WHERE t.fingerprint = a.target_id)
    WHEN a.target_type = 'post' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT left(t.text, 500) FROM posts t WHERE t.id = a.target_id::int)
    WHEN a.target_type = 'comment' AND a.target_id ~ '^[0-9]{1,9}$'
      THEN (SELECT left(t.text, 500) FROM comments t WHERE t.id = a.target_id::int)
  END`;

/** The admin audit log's rows: added in the action's own transaction, read newest first. */
@Injectable()
export class AdminAuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(manager: EntityManager, record: AuditRecord): Promise<void> {
    await manager.query(
      `INSERT INTO admin_audit (admin_id, action, target_type, target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6)`,
      [record.adminId, record.action, record.targetType, record.targetId, record.before, record.after],
    );
  }

  async page(filter: Omit<AdminAuditQuery, 'page'>, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    const where = `($1::text IS NULL OR a.action = $1) AND ($2::text IS NULL OR a.target_type = $2) AND ($3::text IS NULL OR a.target_id = $3)`;
    const params = [filter.action ?? null, filter.targetType ?? null, filter.targetId ?? null];
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT a.id, a.action, a.admin_id, u.username AS admin_username, a.target_type, a.target_id,
              ${TARGET_NAME} AS target_name, a.before, a.after, a.created_at
         FROM admin_audit a LEFT JOIN users u ON u.id = a.admin_id
        WHERE ${where}
        ORDER BY a.id DESC LIMIT $4 OFFSET $5`,
      [...params, limit, offset],
    );
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM admin_audit a WHERE ${where}`,
      params,
    );
    return { rows, total };
  }
}
