import type { CampaignItem } from '@shared/campaigns/campaigns.js';

/** For unit tests: an active campaign of post `pid` with 8 credits and nothing counted yet, `figures` on top. */
export function campaignFixture(pid: number, figures: Partial<CampaignItem> = {}): CampaignItem {
  return {
    post: { pid, text: `Post ${pid}` } as CampaignItem['post'],
    credits: 8,
    status: 'active',
    viewsToday: 0,
    viewsTotal: 0,
    clicks: 0,
    clickRate: null,
    runsOutInDays: null,
    lastViewAt: null,
    dailyViewCap: null,
    invalid: { refunded: 0, creditsReturned: 0, byReason: [] },
    ...figures,
  };
}
