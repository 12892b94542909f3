import type { LedgerKind } from '../credits/credits.js';

/** An account whose stored balance differs from the sum of its ledger rows. */
export interface LedgerMismatch {
  account: 'user' | 'campaign' | 'team';
  id: number;
  balance: number;
  ledger: number;
}

/** The ledger check (the same as `npm run ledger:verify`). */
export interface LedgerVerification {
  balanced: boolean;
  mismatches: LedgerMismatch[];
  /** Idempotency keys used more than once on one account. */
  duplicateKeys: number;
  ledgerRows: number;
  checkedAt: string;
}

/** Credits per ledger kind, summed over every account of one side of the flow. */
export interface LedgerKindTotal {
  kind: LedgerKind;
  credits: number;
}

/**
 * How the ledger kinds add up for admins. `issued`: credits the site mints into balances
 * (their positive rows; an adjustment counts here when it adds); `removed`: credits taken out for
 * good (their negative rows); `spent`: credits advertisers spent, out of campaigns on views and out
 * of balances into campaigns. Views, campaign withdrawals and team moves only move credits between
 * accounts, so `held` (every balance now) equals issued minus removed when the ledger is balanced. A
 * fraud refund, or the earnings review's void of a view still in review, gives a campaign back what
 * a view paid (issued) and takes from the viewer what they still hold (removed): what they had
 * spent stays minted.
 */
export const LEDGER_TOTAL_KINDS = {
  issued: [
    'signup_bonus',
    'purchase',
    'membership_grant',
    'level_bonus',
    'referral_commission',
    'admin_adjustment',
    'fraud_refund',
    'view_refunded',
  ],
  removed: ['purchase_reversal', 'admin_adjustment', 'fraud_clawback', 'view_voided'],
  spent: ['view_paid', 'campaign_assign'],
} as const satisfies Record<string, readonly LedgerKind[]>;

export interface LedgerTotals {
  issued: LedgerKindTotal[];
  removed: LedgerKindTotal[];
  spent: LedgerKindTotal[];
  held: { members: number; teams: number; campaigns: number; total: number };
}

export const ADMIN_LEDGER_ENDPOINTS = {
  /** POST → LedgerVerification (audited) */
  verify: '/data/admin/ledger/verify',
  /** GET → LedgerTotals */
  totals: '/data/admin/ledger/totals',
} as const;
