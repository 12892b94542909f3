/** A member's terms of earning by surfing today, as their earnings summary shows them. */
export interface MemberEarningTerms {
  /** The most the member may earn by surfing today: their level's cap or the site's, smaller for a new account. */
  capToday: number;
  /** How long what the member earns now stays in review, in minutes (0: available at once). */
  reviewMinutes: number;
  /** Credits earned by surfing today. */
  earnedToday: number;
  /** Credits one credited view earns the member now: their level's, or one without a level. */
  creditsPerView: number;
}

/**
 * What the earnings summary asks of the surf bar's rules. The surf feature answers (SurfService,
 * bound to this class in SurfModule): it sits above credits, which every feature that moves
 * credits uses, so credits names only this.
 */
export abstract class EarningTerms {
  abstract earningTerms(userId: number): Promise<MemberEarningTerms>;
}
