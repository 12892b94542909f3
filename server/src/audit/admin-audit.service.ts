import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Paged } from '@shared/accounts/account.answers.js';
import type { AdminAuditEntry, AdminAuditQuery } from '@shared/admin/audit.js';
import { postTitleOf } from '@shared/campaigns/post-title.js';
import { AdminAuditRepository, type AuditRecord } from './admin-audit.repository.js';

const PAGE_SIZE = 50;

/**
 * The admin audit log. Every admin action records itself through `record`, in the transaction
 * that makes the change, so a change and its audit row are written together or not at all.
 */
@Injectable()
export class AdminAudit {
  constructor(private readonly repository: AdminAuditRepository) {}

  record(manager: EntityManager, record: AuditRecord): Promise<void> {
    return this.repository.add(manager, record);
  }

  async page({ page, ...filter }: AdminAuditQuery): Promise<Paged<AdminAuditEntry>> {
    const { rows, total } = await this.repository.page(filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        action: row.action,
        admin: row.admin_id === null ? null : { id: row.admin_id, username: row.admin_username ?? '' },
        targetType: row.target_type,
        targetId: row.target_id,
        // A post or comment is named by its first line, as everywhere else a post is named.
        targetName:
          (row.target_type === 'post' || row.target_type === 'comment') && row.target_name !== null
            ? postTitleOf(row.target_name)
            : row.target_name,
        before: row.before,
        after: row.after,
        createdAt: row.created_at.toISOString(),
      })),
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      total,
    };
  }
}
