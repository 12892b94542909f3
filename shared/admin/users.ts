import { z } from 'zod';
import type { LedgerKind } from '../credits/credits.js';
import type { RiskEvidence } from '../surf/surf-outcomes.js';
import type { ClickTelemetry } from '../surf/surf.js';
import { text } from '../validation/text.js';

/** The role of an account. */
export type AdminUserRole = 'member' | 'admin';

/** One member in the admin users list. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  role: AdminUserRole;
  createdAt: string;
  riskScore: number;
  /** False when earning is stopped (by the anti-cheat or by an admin). */
  earning: boolean;
  loginSuspended: boolean;
}

/** A member's profile as admins see it. */
export interface AdminUserProfile extends AdminUserRow {
  firstName: string;
  emailConfirmed: boolean;
  credits: number;
  referrer: { id: number; username: string } | null;
}

export const ADMIN_USER_TABS = ['ledger', 'sessions', 'evidence', 'teams', 'orders', 'referrals'] as const;
export type AdminUserTab = (typeof ADMIN_USER_TABS)[number];

export interface AdminLedgerRow {
  id: number;
  kind: LedgerKind;
  amount: number;
  /** The post whose campaign the movement concerns, if any. */
  pid: number | null;
  teamId: number | null;
  createdAt: string;
}

export interface AdminSessionRow {
  id: number;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** One recent surf ticket of the member: what was shown, how it ended, and the Next click's telemetry. */
export interface AdminViewTicketRow {
  id: string;
  pid: number;
  status: 'open' | 'claimed' | 'replaced' | 'uncredited';
  challenged: boolean;
  issuedAt: string;
  claimedAt: string | null;
  telemetry: ClickTelemetry | null;
}

/** What the anti-cheat made of the member's surfing (server/src/surf/README.md explains the signals). */
export interface AdminSurfEvidence {
  riskScore: number;
  earning: boolean;
  surfViews: number;
  surfChallenges: number;
  wrongCodes: number;
  lastClaimAt: string | null;
  /** The last claims that raised the score, oldest first. */
  evidence: RiskEvidence[];
  /** The latest tickets, newest first. */
  tickets: AdminViewTicketRow[];
}

export interface AdminTeamRow {
  id: number;
  name: string;
  role: string;
  status: string;
  credits: number;
}

export interface AdminOrderRow {
  id: string;
  itemName: string;
  state: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
}

export interface AdminReferralRow {
  id: number;
  username: string;
  createdAt: string;
}

/** The answer of each tab; ledger, orders and referrals are paged. */
export interface AdminUserTabAnswers {
  ledger: { items: AdminLedgerRow[]; page: number; pages: number; total: number };
  sessions: { items: AdminSessionRow[] };
  evidence: AdminSurfEvidence;
  teams: { items: AdminTeamRow[] };
  orders: { items: AdminOrderRow[]; page: number; pages: number; total: number };
  referrals: { items: AdminReferralRow[]; page: number; pages: number; total: number };
}

const isoDate = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31.');

/** The users list's search and filters; every one is optional. */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Part of the username, email or first name. */
  q: text().trim().max(100).optional(),
  role: z.enum(['member', 'admin']).optional(),
  earning: z.enum(['stopped', 'ok']).optional(),
  /** Risk score at least this. */
  risk: z.coerce.number().int().min(0).max(1000).optional(),
  /** Signed up on or after this day (UTC). */
  from: isoDate.optional(),
  /** Signed up on or before this day (UTC). */
  to: isoDate.optional(),
  /** The username of the member who referred them. */
  referrer: text().trim().min(1).max(100).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserTabQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Adds (positive) or takes (negative) credits, with the reason kept in the audit log. */
export const creditAdjustmentSchema = z.object({
  amount: z
    .number()
    .int('Enter a whole number.')
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((amount) => amount !== 0, 'Enter an amount other than 0.'),
  reason: text().trim().min(3, 'Please give a reason.').max(500),
});
export type CreditAdjustmentPayload = z.infer<typeof creditAdjustmentSchema>;

export const loginSuspensionSchema = z.object({ suspended: z.boolean() });
export type LoginSuspensionPayload = z.infer<typeof loginSuspensionSchema>;

export const roleChangeSchema = z.object({ role: z.enum(['member', 'admin']) });
export type RoleChangePayload = z.infer<typeof roleChangeSchema>;

export const ADMIN_USER_ENDPOINTS = {
  /** GET ?q&role&earning&risk&from&to&referrer&page → Paged<AdminUserRow>, newest first */
  users: '/data/admin/users',
  /** GET → AdminUserProfile */
  user: (id: number) => `/data/admin/users/${id}`,
  /** GET ?page → AdminUserTabAnswers[tab] */
  tab: (id: number, tab: AdminUserTab) => `/data/admin/users/${id}/${tab}`,
  /** POST CreditAdjustmentPayload (+ Idempotency-Key) → AdminUserProfile */
  credits: (id: number) => `/data/admin/users/${id}/credits`,
  /** POST → AdminUserProfile: stops earning at once (restoring is `restoreEarning`) */
  stopEarning: (id: number) => `/data/admin/users/${id}/earning/stop`,
  /** POST { earning: true } → { earning: true } */
  restoreEarning: (id: number) => `/data/admin/users/${id}/earning`,
  /** POST LoginSuspensionPayload → AdminUserProfile */
  login: (id: number) => `/data/admin/users/${id}/login`,
  /** POST RoleChangePayload → AdminUserProfile */
  role: (id: number) => `/data/admin/users/${id}/role`,
  /** POST AdminMessagePayload → NotificationItem */
  message: (id: number) => `/data/admin/users/${id}/notify`,
  /** POST → { sent: true }: mails the member a password reset link */
  passwordReset: (id: number) => `/data/admin/users/${id}/password-reset`,
} as const;
