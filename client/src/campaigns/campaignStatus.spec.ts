import type { CampaignItem } from '@shared/campaigns/campaigns.js';
import { campaignTotals, plural } from './campaignStatus.js';

describe('campaign totals', () => {
  it('adds up credits and views and counts the active campaigns', () => {
    const items = [
      { status: 'active', credits: 9, viewsToday: 1, viewsTotal: 4 },
      { status: 'paused', credits: 5, viewsToday: 0, viewsTotal: 2 },
      { status: 'out_of_credits', credits: 0, viewsToday: 3, viewsTotal: 3 },
    ] as CampaignItem[];
    expect(campaignTotals(items)).toEqual({ posts: 3, active: 1, credits: 14, viewsToday: 4, viewsTotal: 9 });
    expect(campaignTotals([])).toEqual({ posts: 0, active: 0, credits: 0, viewsToday: 0, viewsTotal: 0 });
  });

  it('words counts', () => {
    expect(plural(1, 'credit')).toBe('1 credit');
    expect(plural(9, 'credit')).toBe('9 credits');
    expect(plural(0, 'view')).toBe('0 views');
  });
});
