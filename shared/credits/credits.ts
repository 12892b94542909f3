/** The credits ledger: every movement of credits is one row; a balance is the sum of its rows. */
export type LedgerKind =
  | 'signup_bonus'
  | 'view_earned'
  | 'view_paid'
  | 'campaign_assign'
  | 'campaign_withdraw'
  | 'admin_adjustment'
  | 'purchase'
  /** A member moved credits to a team (a row on each side). */
  | 'team_deposit'
  /** A member moved a team's credits to their own balance (a row on each side). */
  | 'team_withdraw'
  /** A membership level's extra credits for a view, beyond the one the campaign pays (minted by the site). */
  | 'level_bonus'
  /** A month's credits of a membership, to the member or to the team. */
  | 'membership_grant'
  /** A refunded or charged-back pack: its credits taken back (as many as the balance still holds). */
  | 'purchase_reversal'
  /** A referrer's matured share of a purchase made by a member they referred (minted by the site). */
  | 'referral_commission'
  /** A flagged view refunded by an admin: the credit back to the campaign (or its owner's balance). */
  | 'fraud_refund'
  /** A flagged view refunded by an admin: what the viewer earned for it taken back (as much as the balance holds). */
  | 'fraud_clawback'
  /** A pending view the earnings review judged invalid: the credit back to the campaign (or its owner's balance). */
  | 'view_refunded'
  /** A pending view the earnings review judged invalid: what the viewer earned for it removed before it matured. */
  | 'view_voided';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  signup_bonus: 'Welcome bonus',
  view_earned: 'Viewed a post',
  view_paid: 'A member viewed your post',
  campaign_assign: 'Assigned to a campaign',
  campaign_withdraw: 'Withdrawn from a campaign',
  admin_adjustment: 'Adjustment by an admin',
  purchase: 'Purchase',
  team_deposit: 'Moved to a team',
  team_withdraw: 'Moved out of a team',
  level_bonus: 'Membership bonus for a view',
  membership_grant: 'Monthly membership credits',
  purchase_reversal: 'Purchase refunded',
  referral_commission: 'Referral commission',
  fraud_refund: 'Refund for a flagged view',
  fraud_clawback: 'Flagged view taken back',
  view_refunded: 'Invalid view refunded',
  view_voided: 'Pending view voided by review',
};

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  amount: number;
  /** The post whose campaign the movement concerns, if any. */
  pid: number | null;
  /** That post's short label (`postTitleOf`): "a deleted post" once it is deleted; null with no post. */
  postTitle: string | null;
  /** Why an admin adjusted the balance, on an admin's adjustment; null otherwise. */
  reason: string | null;
  createdAt: string;
}

export const SIGNUP_BONUS_CREDITS = 10;

export const CREDITS_ENDPOINTS = {
  /** GET ?page → Paged<LedgerRow> */
  ledger: '/data/credits/ledger',
  /** GET → EarningsSummary (the member's own; never a team's) */
  earnings: '/data/credits/earnings',
} as const;
