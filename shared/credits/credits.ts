/** The credits ledger: every movement of credits is one row; a balance is the sum of its rows. */
export type LedgerKind =
  'signup_bonus' | 'view_earned' | 'view_paid' | 'campaign_assign' | 'campaign_withdraw' | 'admin_adjustment' | 'purchase';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  signup_bonus: 'Welcome bonus',
  view_earned: 'Viewed a post',
  view_paid: 'A member viewed your post',
  campaign_assign: 'Assigned to a campaign',
  campaign_withdraw: 'Withdrawn from a campaign',
  admin_adjustment: 'Adjustment by the team',
  purchase: 'Purchase',
};

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  amount: number;
  /** The post whose campaign the movement concerns, if any. */
  pid: number | null;
  createdAt: string;
}

export const SIGNUP_BONUS_CREDITS = 10;

export const CREDITS_ENDPOINTS = {
  /** GET ?page → Paged<LedgerRow> */
  ledger: '/data/credits/ledger',
} as const;
