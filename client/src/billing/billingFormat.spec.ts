import type { LevelBenefits, MembershipLevel } from '@shared/billing/billing.js';
import { benefitRows, formatPrice, isOrderId, orderItemText, perCreditHint } from './billingFormat.js';

const free: LevelBenefits = { creditsPerView: 1, surfTimerSeconds: 15, dailyCap: 500, activeCampaigns: 0, monthlyCredits: 0 };
const silver: MembershipLevel = {
  id: 1,
  name: 'Silver',
  creditsPerView: 2,
  surfTimerSeconds: 12,
  dailyCap: 1000,
  activeCampaigns: 10,
  monthlyCredits: 1000,
  periodDays: 30,
  amountMinor: 700,
  currency: 'USD',
};

describe('billing amounts and benefits as the billing page shows them', () => {
  it('formats minor units in the price’s own currency, with that currency’s decimals', () => {
    expect(formatPrice({ amountMinor: 999, currency: 'USD' }, 'en-US')).toBe('$9.99');
    expect(formatPrice({ amountMinor: 1250, currency: 'EUR' }, 'de-DE')).toBe('12,50\u00a0€');
    expect(formatPrice({ amountMinor: 500, currency: 'JPY' }, 'en-US')).toBe('¥500');
  });

  it('still shows an amount in a currency the browser does not know', () => {
    expect(formatPrice({ amountMinor: 1000, currency: 'XQ1' }, 'en-US')).toBe('10.00 XQ1');
  });

  it('tells what one credit of a pack costs, fractions of a cent included', () => {
    expect(perCreditHint({ amountMinor: 1000, currency: 'USD', credits: 1000 }, 'en-US')).toBe('$0.01 per credit');
    expect(perCreditHint({ amountMinor: 2500, currency: 'USD', credits: 5000 }, 'en-US')).toBe('$0.005 per credit');
  });

  it("puts each benefit beside the free level's and marks what is better, a shorter timer and no limit included", () => {
    const rows = benefitRows(silver, free);
    expect(rows.map((row) => [row.label, row.value, row.free, row.better])).toEqual([
      ['Credits per view', '2 credits', '1 credit', true],
      ['Surf timer', '12 seconds', '15 seconds', true],
      ['Daily earning cap', '1,000 credits', '500 credits', true],
      ['Active campaigns', '10', 'No limit', false],
      ['Monthly credits', '1,000 credits', '0 credits', true],
      ['Period', '30 days', null, false],
    ]);
  });

  it('names what an order bought', () => {
    expect(orderItemText({ kind: 'pack', itemName: 'Starter', credits: 1000 })).toBe('Starter (1,000 credits)');
    expect(orderItemText({ kind: 'level', itemName: 'Gold', credits: 0 })).toBe('Gold membership');
  });

  it('asks the server only about addresses that can name an order', () => {
    expect(isOrderId('6F1C2D3E-0000-4000-8000-000000000001')).toBe(true);
    expect(['', 'not-an-order', '1', '6f1c2d3e-0000-4000-8000-00000000000', null, undefined].some(isOrderId)).toBe(false);
  });
});
