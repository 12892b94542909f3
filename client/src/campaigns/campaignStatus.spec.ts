import type { CampaignItem } from '@shared/campaigns/campaigns.js';
import { CAMPAIGN_STATUS_HINTS, CAMPAIGN_STATUS_LABELS, campaignTotals, plural } from './campaignStatus.js';

describe('campaign status text', () => {
  it('names each status as it is, a post never given credits not promoted yet rather than out of credits', () => {
    expect(CAMPAIGN_STATUS_LABELS).toEqual({
      not_promoted: 'Not promoted yet',
      active: 'Active',
      paused: 'Paused',
      daily_cap_reached: 'Daily cap reached',
      out_of_credits: 'Out of credits',
    });
    expect(new Set(Object.values(CAMPAIGN_STATUS_HINTS)).size).toBe(Object.keys(CAMPAIGN_STATUS_LABELS).length);
  });
});

describe('campaign totals', () => {
  it('adds up credits and views and counts the active, not promoted and spent campaigns', () => {
    const items = [
      { status: 'active', credits: 9, viewsToday: 1, viewsTotal: 4 },
      { status: 'paused', credits: 5, viewsToday: 0, viewsTotal: 2 },
      { status: 'daily_cap_reached', credits: 2, viewsToday: 3, viewsTotal: 3 },
      { status: 'out_of_credits', credits: 0, viewsToday: 3, viewsTotal: 3 },
      { status: 'not_promoted', credits: 0, viewsToday: 0, viewsTotal: 0 },
    ] as CampaignItem[];
    expect(campaignTotals(items)).toEqual({
      posts: 5,
      active: 1,
      notPromoted: 1,
      outOfCredits: 1,
      credits: 16,
      viewsToday: 7,
      viewsTotal: 12,
    });
    expect(campaignTotals([])).toEqual({
      posts: 0,
      active: 0,
      notPromoted: 0,
      outOfCredits: 0,
      credits: 0,
      viewsToday: 0,
      viewsTotal: 0,
    });
  });

  it('words counts', () => {
    expect(plural(1, 'credit')).toBe('1 credit');
    expect(plural(9, 'credit')).toBe('9 credits');
    expect(plural(0, 'view')).toBe('0 views');
  });
});
