import type { CampaignItem, CampaignStatus } from '@shared/campaigns/campaigns.js';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  not_promoted: 'Not promoted yet',
  active: 'Active',
  paused: 'Paused',
  daily_cap_reached: 'Daily cap reached',
  out_of_credits: 'Out of credits',
};

/** What the status means for the member, and what to do about it. */
export const CAMPAIGN_STATUS_HINTS: Record<CampaignStatus, string> = {
  not_promoted: 'Assign credits to have members see this post in Earn Credits.',
  active: 'Members are shown this post in Earn Credits.',
  paused: 'Nobody is shown this post until you resume it.',
  daily_cap_reached: 'This post had all the views its daily cap allows; members see it again tomorrow.',
  out_of_credits: 'Assign credits to show this post again.',
};

export interface CampaignTotals {
  posts: number;
  active: number;
  notPromoted: number;
  outOfCredits: number;
  credits: number;
  viewsToday: number;
  viewsTotal: number;
}

export function campaignTotals(items: readonly CampaignItem[]): CampaignTotals {
  return items.reduce<CampaignTotals>(
    (totals, item) => ({
      posts: totals.posts + 1,
      active: totals.active + (item.status === 'active' ? 1 : 0),
      notPromoted: totals.notPromoted + (item.status === 'not_promoted' ? 1 : 0),
      outOfCredits: totals.outOfCredits + (item.status === 'out_of_credits' ? 1 : 0),
      credits: totals.credits + item.credits,
      viewsToday: totals.viewsToday + item.viewsToday,
      viewsTotal: totals.viewsTotal + item.viewsTotal,
    }),
    { posts: 0, active: 0, notPromoted: 0, outOfCredits: 0, credits: 0, viewsToday: 0, viewsTotal: 0 },
  );
}

/** "1 credit", "9 credits". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}
