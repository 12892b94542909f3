import type { VoidReason } from '../earnings/earnings.js';
import type { SurfRiskSignal } from '../surf/surf-outcomes.js';

/** The categories the earnings review judges by; `admin` is an admin's refund, never the review's. */
export type ReviewCategory = Exclude<VoidReason, 'admin'>;

/**
 * What the earnings review saw when it judged a member invalid, one shape per category: kept in
 * the audit entry of the void (`earnings_voided`) and shown in the admin fraud queue. Other
 * accounts are named by id only.
 */
export type ReviewEvidence =
  /** Earning stopped (the surf score or an admin): the score and the latest signals that raised it. */
  | { category: 'stopped'; riskScore: number; signals: SurfRiskSignal[] }
  /** The member's last challenge answers, oldest first (false: wrong or skipped), and the wrong ones among them. */
  | { category: 'wrong_answers'; wrongCodes: number; recentAnswers: boolean[] }
  /**
   * Credited challenged views answered from the picture too soon after it was first fetched:
   * each view's ms from the first fetch to the claim, null when the picture was never fetched.
   */
  | { category: 'inhuman_latency'; views: { ticketId: string; latencyMs: number | null }[] }
  /** The other accounts with views in review whose sessions of the last day share a device with the member's. */
  | { category: 'shared_device'; accounts: number[] }
  /** The address, and the other accounts with views in review whose sessions of the last day used it. */
  | { category: 'shared_address'; address: string; accounts: number[] }
  /**
   * Accounts created within the window from one first address (or one first device), each with
   * views in review: the others by id, and the first and last creation time (ISO).
   */
  | {
      category: 'fresh_account_burst';
      by: 'address' | 'device';
      address: string | null;
      accounts: number[];
      firstCreatedAt: string;
      lastCreatedAt: string;
    }
  /**
   * Server-side click delays (the claim after the countdown's end) over the last credited views:
   * the member's median and spread (interquartile range), and those of the other accounts alike.
   */
  | {
      category: 'timing_signature';
      views: number;
      medianMs: number;
      spreadMs: number;
      others: { userId: number; medianMs: number; spreadMs: number }[];
    };

/** The evidence of one category. */
export type ReviewEvidenceOf<C extends ReviewCategory> = Extract<ReviewEvidence, { category: C }>;
