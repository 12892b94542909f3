import type { Paged } from '../accounts/account.answers.js';

/**
 * A referrer's share of a purchase made by a member they referred: held (`pending`) until it
 * matures, then `credited` to the referrer's balance; a refund or chargeback of the purchase
 * before then takes it back (`clawed_back`), and one after it leaves it credited.
 */
export const COMMISSION_STATES = ['pending', 'credited', 'clawed_back'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];

export interface CommissionRow {
  id: number;
  credits: number;
  state: CommissionState;
  /** When a pending commission is credited. */
  maturesAt: string;
  creditedAt: string | null;
  clawedBackAt: string | null;
  createdAt: string;
  /** The referred member who bought. */
  referredUsername: string;
  /** What they bought: the pack's or level's name on the order. */
  itemName: string;
}

/** GET ACCOUNT_ENDPOINTS.referralCommissions?page → the caller's own commissions, newest first. */
export interface CommissionsAnswer extends Paged<CommissionRow> {
  /** Credits of all the caller's commissions by state (not only this page's). */
  totals: { pending: number; credited: number };
  /** The share of a referred member's purchase a referrer earns now, for the page's explanation. */
  percent: number;
}
