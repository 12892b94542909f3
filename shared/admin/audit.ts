import { z } from 'zod';
import { text } from '../validation/text.js';

/**
 * What an admin did. Every admin action writes one row of the audit log (who, what, when, the
 * target, and what it was before and after), which admins read at ADMIN_AUDIT_ENDPOINTS.audit.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'earning_restored',
  'order_refunded',
  'order_charged_back',
  'credits_adjusted',
  'earning_stopped',
  'login_suspended',
  'login_restored',
  'role_changed',
  'message_sent',
  'password_reset_sent',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** What an audited action was done to. */
export type AdminAuditTargetType = 'user' | 'order';

/** One row of the admin audit log, as admins read it. */
export interface AdminAuditEntry {
  id: number;
  action: AdminAuditAction;
  admin: { id: number; username: string } | null;
  targetType: AdminAuditTargetType;
  targetId: string;
  /** The target's relevant fields before and after the action; null where there was nothing (a creation, a deletion). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export const adminAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional(),
  targetType: z.enum(['user', 'order']).optional(),
  targetId: text().trim().min(1).max(100).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const ADMIN_AUDIT_ENDPOINTS = {
  /** GET ?page&action&targetType&targetId → Paged<AdminAuditEntry>, newest first */
  audit: '/data/admin/audit',
} as const;
