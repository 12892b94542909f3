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
  /** How long the member's new earnings stay in review, in minutes (0: available at once). */
  reviewMinutes: number;
  /** The member must confirm their email before surfing earns anything. */
  emailConfirmed: boolean;
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
