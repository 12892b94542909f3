import type { CampaignInvalidTraffic } from '@shared/campaigns/campaigns.js';
import { VOID_REASON_LABELS, type VoidReason } from '@shared/earnings/earnings.js';
import { plural } from './campaignStatus.js';

/** What shows when the review refunded nothing: said quietly, once. */
export const NO_VIEWS_REFUNDED = 'No views refunded';

/**
 * A campaign's compact line: "120 views · 4 refunded as invalid (4 credits returned)", or
 * "120 views · No views refunded".
 */
export function refundedLine(served: number, invalid: CampaignInvalidTraffic): string {
  const views = plural(served, 'view');
  if (invalid.refunded === 0) return `${views} · ${NO_VIEWS_REFUNDED}`;
  return `${views} · ${invalid.refunded.toLocaleString()} refunded as invalid (${plural(invalid.creditsReturned, 'credit')} returned)`;
}

/** The categories as advertisers read them, in the server's order (largest first). */
export function refundReasons(invalid: CampaignInvalidTraffic): { reason: VoidReason; label: string; views: string }[] {
  return invalid.byReason.map(({ reason, views }) => ({
    reason,
    label: VOID_REASON_LABELS[reason],
    views: plural(views, 'view'),
  }));
}
