import type { CampaignItem } from '@shared/campaigns/campaigns.js';

export type CampaignSort = 'newest' | 'credits' | 'views' | 'clicks' | 'runsOut';
export type CampaignFilter = 'all' | 'active' | 'paused' | 'out_of_credits';

export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  newest: 'Newest first',
  credits: 'Most credits left',
  views: 'Most views',
  clicks: 'Most clicks',
  runsOut: 'Runs out soonest',
};

export const CAMPAIGN_FILTER_LABELS: Record<CampaignFilter, string> = {
  all: 'All campaigns',
  active: 'Active',
  paused: 'Paused',
  out_of_credits: 'Out of credits',
};

/** Active includes a campaign resting at its daily cap: it runs again tomorrow by itself. */
function passes(filter: CampaignFilter, item: CampaignItem): boolean {
  if (filter === 'all') return true;
  if (filter === 'active') return item.status === 'active' || item.status === 'daily_cap_reached';
  return item.status === filter;
}

/** Larger first; ties keep the newest post first. */
const byFigure =
  (figure: (item: CampaignItem) => number) =>
  (a: CampaignItem, b: CampaignItem): number =>
    figure(b) - figure(a) || b.post.pid - a.post.pid;

const ORDERS: Record<CampaignSort, (a: CampaignItem, b: CampaignItem) => number> = {
  newest: (a, b) => b.post.pid - a.post.pid,
  credits: byFigure((item) => item.credits),
  views: byFigure((item) => item.viewsTotal),
  clicks: byFigure((item) => item.clicks),
  // Fewest days first; campaigns that are not spending ("—") last.
  runsOut: byFigure((item) => -(item.runsOutInDays ?? Number.POSITIVE_INFINITY)),
};

/** The campaigns the filter keeps, in the chosen order (a new array; the list itself is left as it is). */
export function orderedCampaigns(items: readonly CampaignItem[], sort: CampaignSort, filter: CampaignFilter): CampaignItem[] {
  return items.filter((item) => passes(filter, item)).sort(ORDERS[sort]);
}

export const isCampaignSort = (value: string): value is CampaignSort => value in CAMPAIGN_SORT_LABELS;
export const isCampaignFilter = (value: string): value is CampaignFilter => value in CAMPAIGN_FILTER_LABELS;
