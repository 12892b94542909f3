import type { CampaignItem, CampaignStatus } from '@shared/campaigns/campaigns.js';
import { campaignFixture } from './campaignFixture.js';
import { orderedCampaigns } from './campaignOrder.js';

function campaign(pid: number, status: CampaignStatus, figures: Partial<CampaignItem> = {}): CampaignItem {
  return campaignFixture(pid, { credits: 0, status, ...figures });
}

const items = [
  campaign(1, 'active', { credits: 50, viewsTotal: 10, clicks: 4, runsOutInDays: 9 }),
  campaign(2, 'paused', { credits: 80, viewsTotal: 30, clicks: 1 }),
  campaign(3, 'out_of_credits', { viewsTotal: 20, clicks: 9 }),
  campaign(4, 'daily_cap_reached', { credits: 5, viewsTotal: 3, runsOutInDays: 2 }),
];
const pids = (list: CampaignItem[]) => list.map((item) => item.post.pid);

describe('the order of the campaigns list', () => {
  it('sorts by each figure, largest first, and by the days left, soonest first with the idle ones last', () => {
    expect(pids(orderedCampaigns(items, 'newest', 'all'))).toEqual([4, 3, 2, 1]);
    expect(pids(orderedCampaigns(items, 'credits', 'all'))).toEqual([2, 1, 4, 3]);
    expect(pids(orderedCampaigns(items, 'views', 'all'))).toEqual([2, 3, 1, 4]);
    expect(pids(orderedCampaigns(items, 'clicks', 'all'))).toEqual([3, 1, 2, 4]);
    expect(pids(orderedCampaigns(items, 'runsOut', 'all'))).toEqual([4, 1, 3, 2]);
  });

  it('keeps the campaigns of one status, a capped one counting as active', () => {
    expect(pids(orderedCampaigns(items, 'newest', 'active'))).toEqual([4, 1]);
    expect(pids(orderedCampaigns(items, 'newest', 'paused'))).toEqual([2]);
    expect(pids(orderedCampaigns(items, 'newest', 'out_of_credits'))).toEqual([3]);
  });
});
