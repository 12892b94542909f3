import { campaignStatusOf, clickRateOf, runsOutInDaysOf, type CampaignStatusFacts } from './campaigns.js';

const fresh: CampaignStatusFacts = { paused: false, credits: 0, everFunded: false, viewsToday: 0, dailyViewCap: null };

describe('a campaign status', () => {
  it('is not promoted yet while the post never had credits', () => {
    expect(campaignStatusOf(fresh)).toBe('not_promoted');
    expect(campaignStatusOf({ ...fresh, dailyViewCap: 5 })).toBe('not_promoted');
  });

  it('is out of credits once credits it had are gone', () => {
    expect(campaignStatusOf({ ...fresh, everFunded: true })).toBe('out_of_credits');
    expect(campaignStatusOf({ ...fresh, everFunded: true, viewsToday: 5, dailyViewCap: 5 })).toBe('out_of_credits');
  });

  it('is active while it has credits and room under its daily cap', () => {
    expect(campaignStatusOf({ ...fresh, credits: 3, everFunded: true })).toBe('active');
    expect(campaignStatusOf({ ...fresh, credits: 3, everFunded: true, viewsToday: 4, dailyViewCap: 5 })).toBe('active');
  });

  it('reaches its daily cap with the cap-th view of the day', () => {
    expect(campaignStatusOf({ ...fresh, credits: 3, everFunded: true, viewsToday: 5, dailyViewCap: 5 })).toBe(
      'daily_cap_reached',
    );
  });

  it('is paused whenever its owner paused it', () => {
    expect(campaignStatusOf({ ...fresh, paused: true })).toBe('paused');
    expect(campaignStatusOf({ ...fresh, paused: true, credits: 3, everFunded: true, viewsToday: 5, dailyViewCap: 5 })).toBe(
      'paused',
    );
  });
});

describe('the days a campaign has left', () => {
  const spending = { status: 'active' as const, credits: 70, recentSpend: 70, recentSpendDays: 7 };

  it('divides the credits left by the recent daily spend, rounding up', () => {
    expect(runsOutInDaysOf(spending)).toBe(7);
    expect(runsOutInDaysOf({ ...spending, credits: 71 })).toBe(8);
    expect(runsOutInDaysOf({ ...spending, recentSpendDays: 1 })).toBe(1);
    expect(runsOutInDaysOf({ ...spending, status: 'daily_cap_reached', credits: 25, recentSpend: 10, recentSpendDays: 2 })).toBe(
      5,
    );
  });

  it('is unknown when the campaign is not spending', () => {
    expect(runsOutInDaysOf({ ...spending, recentSpend: 0 })).toBeNull();
    expect(runsOutInDaysOf({ ...spending, status: 'paused' })).toBeNull();
    expect(runsOutInDaysOf({ ...spending, status: 'out_of_credits', credits: 0 })).toBeNull();
  });
});

describe('a click rate', () => {
  it('is clicks per view paid, and unknown before the first view', () => {
    expect(clickRateOf(3, 12)).toBe(0.25);
    expect(clickRateOf(0, 0)).toBeNull();
  });
});
