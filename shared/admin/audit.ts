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
  'contact_read',
  'contact_replied',
  'page_updated',
  'error_resolved',
  'ledger_verified',
  'announcement_created',
  'announcement_updated',
  'announcement_deleted',
  'credits_adjusted',
  'earning_stopped',
  'login_suspended',
  'login_restored',
  'role_changed',
  'message_sent',
  'password_reset_sent',
  'site_settings_updated',
  'fraud_refunded',
  'credit_pack_created',
  'credit_pack_updated',
  'membership_level_created',
  'membership_level_updated',
  'earnings_voided',
  'report_hidden',
  'report_dismissed',
  'report_author_banned',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** How the audit log names each action. */
export const ADMIN_AUDIT_ACTION_LABELS: Record<AdminAuditAction, string> = {
  earning_restored: 'Earning restored',
  earning_stopped: 'Earning stopped',
  order_refunded: 'Order refunded',
  order_charged_back: 'Chargeback recorded',
  credits_adjusted: 'Credits adjusted',
  login_suspended: 'Login suspended',
  login_restored: 'Login restored',
  role_changed: 'Role changed',
  message_sent: 'Message sent',
  password_reset_sent: 'Password reset sent',
  fraud_refunded: 'Advertisers refunded for flagged views',
  contact_read: 'Contact message read',
  contact_replied: 'Contact message answered',
  page_updated: 'Page edited',
  error_resolved: 'Error resolved',
  ledger_verified: 'Ledger checked',
  announcement_created: 'Announcement created',
  announcement_updated: 'Announcement edited',
  announcement_deleted: 'Announcement ended',
  site_settings_updated: 'Site settings changed',
  credit_pack_created: 'Credit pack added',
  credit_pack_updated: 'Credit pack changed',
  membership_level_created: 'Membership level added',
  membership_level_updated: 'Membership level changed',
  earnings_voided: 'Pending views voided by the earnings review',
  report_hidden: 'Reported content hidden',
  report_dismissed: 'Reports dismissed',
  report_author_banned: 'Reported content hidden, its writer’s login suspended',
};

/**
 * The actions the site takes by itself, never an admin: their rows have no admin (`admin` is
 * null), and the log names the job instead.
 */
export const SYSTEM_AUDIT_ACTIONS: Partial<Record<AdminAuditAction, string>> = {
  earnings_voided: 'The earnings review',
};

/** What an audited action was done to. */
export const ADMIN_AUDIT_TARGET_TYPES = [
  'user',
  'order',
  'contact_message',
  'site_page',
  'error_group',
  'ledger',
  'announcement',
  'site_settings',
  'credit_pack',
  'membership_level',
  'post',
  'comment',
] as const;
export type AdminAuditTargetType = (typeof ADMIN_AUDIT_TARGET_TYPES)[number];

/** One row of the admin audit log, as admins read it. */
export interface AdminAuditEntry {
  id: number;
  action: AdminAuditAction;
  /** Null for an action of SYSTEM_AUDIT_ACTIONS, or once the admin's account is gone. */
  admin: { id: number; username: string } | null;
  targetType: AdminAuditTargetType;
  targetId: string;
  /**
   * The target's name as it is now (a member's username, an order's item, a pack's or level's
   * name, an announcement's heading, a message's subject, an error's message); null when it has
   * none or is gone.
   */
  targetName: string | null;
  /** The target's relevant fields before and after the action; null where there was nothing (a creation, a deletion). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export const adminAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional(),
  targetType: z.enum(ADMIN_AUDIT_TARGET_TYPES).optional(),
  targetId: text().trim().min(1).max(100).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const ADMIN_AUDIT_ENDPOINTS = {
  /** GET ?page&action&targetType&targetId → Paged<AdminAuditEntry>, newest first */
  audit: '/data/admin/audit',
} as const;
