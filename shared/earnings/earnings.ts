/**
 * Earnings that mature: credits earned by surfing are pending for a review window that follows
 * the member's trust, and the earnings review may void pending views it judges invalid (the
 * advertiser gets the credit back). These are the contracts both sides read.
 */

/** Why the review voided a view: a category, shown to advertisers by count and never by member. */
export const VOID_REASONS = [
  'shared_device',
  'shared_address',
  'timing_signature',
  'inhuman_latency',
  'fresh_account_burst',
  'wrong_answers',
  'stopped',
  'admin',
] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/** The category as advertisers and members read it. */
export const VOID_REASON_LABELS: Record<VoidReason, string> = {
  shared_device: 'Several accounts earning from one device',
  shared_address: 'Several accounts earning from one network address',
  timing_signature: 'The same click timing on several accounts',
  inhuman_latency: 'Answers faster than a person reads',
  fresh_account_burst: 'A burst of new accounts',
  wrong_answers: 'Repeated wrong verification answers',
  stopped: 'Earning stopped for automated surfing',
  admin: 'Refunded by the team after a review',
};

/**
 * How much the member has earned and may spend, for the header and the surf bar. `credits` is the
 * whole balance; `pending` of it is still in review and cannot be spent, moved to a team or used
 * for a campaign; `available` = credits - pending.
 */
export interface EarningsSummary {
  credits: number;
  available: number;
  pending: number;
  /** When the next pending credits become available (ms since the epoch), null when none are pending. */
  nextMatureMs: number | null;
  /** Credits earned by surfing today (the app's day). */
  earnedToday: number;
  /** The most the member may earn today: their level's or the site's cap, smaller for a new account. */
  capToday: number;
  /** Credits one credited view earns the member now: their level's, or one without a level. */
  creditsPerView: number;
  /** Credited views left today before the cap (the last may earn less than creditsPerView). */
  viewsLeftToday: number;
  /** How long the member's new earnings stay in review, in minutes (0: available at once). */
  reviewMinutes: number;
  /** The member must confirm their email before surfing earns anything. */
  emailConfirmed: boolean;
}

/** Today's surfing figures as the server last settled them: the earnings summary's and each claim's. */
export type SurfToday = Pick<EarningsSummary, 'earnedToday' | 'capToday' | 'creditsPerView' | 'viewsLeftToday'>;

/**
 * Credited views left today: each earns creditsPerView, the last one whatever is left under the
 * cap (at least one credit), so a partial view counts as one.
 */
export function viewsLeftToday(earnedToday: number, capToday: number, creditsPerView: number): number {
  if (earnedToday >= capToday) return 0;
  return Math.ceil((capToday - earnedToday) / Math.max(1, creditsPerView));
}

/** Invalid traffic on one campaign or over a stats range: what an advertiser sees. */
export interface InvalidTraffic {
  /** Views paid for in the range (credited views). */
  served: number;
  /** Of those, views the review refunded as invalid. */
  refunded: number;
  /** Credits returned to the campaign (or to the owner when the post was deleted). */
  creditsReturned: number;
  /** Refunded views by category, largest first; never by member. */
  byReason: { reason: VoidReason; views: number }[];
}
