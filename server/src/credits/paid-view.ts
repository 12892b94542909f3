import type { LedgerKind } from '@shared/credits/credits.js';
import type { Advertiser } from '../auth/advertiser.js';
import type { Movement } from './ledger.service.js';

/** One credited view whose payment may go back to the advertiser, with what the viewer earned for it. */
export interface PaidView {
  ticketId: string;
  pid: number;
  /** What the campaign paid (1 a view). */
  paid: number;
  /** What the member earned for it: the view and any membership bonus. */
  earned: number;
  /** Whose balance takes the refund when the post is deleted: its team, or else its writer. */
  ownerId: number;
  teamId: number | null;
  postDeleted: boolean;
}

/** The account a view's payment goes back to when its post is deleted: the post's team, or else its writer. */
export function ownerOfPaidView(view: PaidView): Advertiser {
  return view.teamId === null ? { kind: 'member', userId: view.ownerId } : { kind: 'team', teamId: view.teamId };
}

/**
 * The advertiser's side of a refunded view: the credit back to the campaign that paid it, or, when
 * the post has been deleted, to the balance it was assigned from (as deleting a post returns a
 * campaign's credits).
 */
export function refundOfPaidView(view: PaidView, kind: LedgerKind): Movement {
  if (!view.postDeleted) return { account: 'campaign', campaignId: view.pid, amount: view.paid, kind };
  const owner = ownerOfPaidView(view);
  return owner.kind === 'team'
    ? { account: 'team', teamId: owner.teamId, amount: view.paid, kind, campaignId: view.pid }
    : { account: 'user', userId: owner.userId, amount: view.paid, kind, campaignId: view.pid };
}
