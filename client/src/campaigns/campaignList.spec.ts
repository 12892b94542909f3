import type { CampaignCounters } from '@shared/campaigns/campaigns.js';
import { campaignFixture } from './campaignFixture.js';
import { putCampaign, removeCampaign, withCounters } from './campaignList.js';

const campaign = campaignFixture;

function counters(pid: number, figures: Partial<CampaignCounters> = {}): CampaignCounters {
  const { post: _post, ...rest } = campaign(pid);
  return { pid, ...rest, ...figures };
}

describe('the campaign list', () => {
  it('takes a live push of figures by post id and keeps each post', () => {
    const items = [campaign(2), campaign(1)];
    const viewed = withCounters(items, [
      counters(1, { credits: 7, viewsToday: 1, viewsTotal: 1, runsOutInDays: 7, lastViewAt: '2025-01-02T03:04:05.000Z' }),
    ]);
    expect(viewed).toEqual([
      campaign(2),
      campaign(1, { credits: 7, viewsToday: 1, viewsTotal: 1, runsOutInDays: 7, lastViewAt: '2025-01-02T03:04:05.000Z' }),
    ]);
    expect(viewed[0]).toBe(items[0]);
    expect(viewed[1].post).toBe(items[1].post);
  });

  it('takes the views refunded as invalid that a push carries', () => {
    const invalid = { refunded: 2, creditsReturned: 2, byReason: [{ reason: 'shared_device' as const, views: 2 }] };
    const items = [campaign(1)];
    const [refunded] = withCounters(items, [counters(1, { invalid })]);
    expect(refunded!.invalid).toEqual(invalid);
    expect(withCounters([refunded!], [counters(1, { invalid: { ...invalid, byReason: [...invalid.byReason] } })])[0]).toBe(
      refunded,
    );
  });

  it('shows a campaign that ran out of credits', () => {
    const [ended] = withCounters([campaign(1, { credits: 1 })], [counters(1, { credits: 0, status: 'out_of_credits' })]);
    expect(ended).toMatchObject({ credits: 0, status: 'out_of_credits' });
  });

  it('ignores figures of posts it does not list, and answers the same list when nothing changed', () => {
    const items = [campaign(1)];
    expect(withCounters(items, [counters(9, { credits: 1 })])).toBe(items);
    expect(withCounters(items, [counters(1)])).toBe(items);
  });

  it("puts the server's answer in place, a new post first, and removes a deleted one", () => {
    const items = [campaign(2), campaign(1)];
    expect(putCampaign(items, campaign(1, { credits: 3 }))).toEqual([campaign(2), campaign(1, { credits: 3 })]);
    expect(putCampaign(items, campaign(3))).toEqual([campaign(3), campaign(2), campaign(1)]);
    expect(removeCampaign(items, 2)).toEqual([campaign(1)]);
  });
});
