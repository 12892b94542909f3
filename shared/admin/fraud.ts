import { z } from 'zod';
import type { SurfRiskSignal } from '../surf/surf-outcomes.js';
import type { ReviewCategory, ReviewEvidence } from './earnings-review.js';
import { text } from '../validation/text.js';

/** How far back a refund reaches when no `since` is given: the last 7 days of the member's credited views. */
export const FRAUD_REFUND_DEFAULT_DAYS = 7;

/** How many of the member's latest evidence entries the queue summarises. */
export const FRAUD_EVIDENCE_SUMMARY_ENTRIES = 3;

/**
 * One member of the fraud queue: members with a risk score, a stopped earning, or views the
 * earnings review voided in the last FRAUD_REFUND_DEFAULT_DAYS days; ranked by risk score, highest
 * first.
 */
export interface FraudQueueRow {
  id: number;
  username: string;
  riskScore: number;
  /** False when earning is stopped (by the anti-cheat or by an admin). */
  earning: boolean;
  /** The signals of the member's latest evidence entries (each once), and when the latest was seen. */
  signals: SurfRiskSignal[];
  lastEvidenceAt: string | null;
  /** Credited views of the last FRAUD_REFUND_DEFAULT_DAYS days not refunded yet, and the credits their campaigns paid. */
  refundableViews: number;
  refundableCredits: number;
  /** Views of the last FRAUD_REFUND_DEFAULT_DAYS days the earnings review voided while they were in review, by category. */
  reviewVoids: ReviewVoids;
  /** The review's latest void of the member in those days: when, why, and what it saw; null when none. */
  latestReviewVoid: LatestReviewVoid | null;
}

export interface ReviewVoids {
  views: number;
  /** Largest first. */
  byCategory: { category: ReviewCategory; views: number }[];
}

export interface LatestReviewVoid {
  at: string;
  category: ReviewCategory;
  /** Views voided then. */
  views: number;
  evidence: ReviewEvidence;
}

export const fraudQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FraudQueueQuery = z.infer<typeof fraudQueueQuerySchema>;

/**
 * Which credited views a refund covers: every view the member was credited for since this instant
 * (an ISO date or date-time); without it, the last FRAUD_REFUND_DEFAULT_DAYS days.
 */
export const fraudRefundSchema = z.object({
  since: text()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'Use a date such as 2026-01-31.')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Use a real date.')
    .optional(),
});
export type FraudRefundPayload = z.infer<typeof fraudRefundSchema>;

/** What a refund did. */
export interface FraudRefundResult {
  /** The first instant covered. */
  since: string;
  /** Views refunded now (0 when repeated). */
  views: number;
  /** Credits given back to the advertisers (to the campaigns, or to the owner of a deleted post). */
  advertiserCredits: number;
  /** Credits taken from the member (never below zero). */
  takenFromMember: number;
  /** Credits taken from the teams the member had moved credits into since `since` (never below zero). */
  takenFromTeams: number;
  /** What could be taken from neither. */
  shortfall: number;
  /** The member's balance after the refund. */
  memberCredits: number;
}

export const ADMIN_FRAUD_ENDPOINTS = {
  /** GET ?page → Paged<FraudQueueRow>, highest risk first, then most voided by the review. Stop / restore use ADMIN_USER_ENDPOINTS. */
  queue: '/data/admin/fraud',
  /** POST FraudRefundPayload → FraudRefundResult (audited `fraud_refunded`) */
  refund: (userId: number) => `/data/admin/fraud/${userId}/refund`,
} as const;
