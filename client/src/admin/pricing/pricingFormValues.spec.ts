import type { AdminMembershipLevel } from '@shared/admin/pricing.js';
import { formValuesOf, minorOfPrice, payloadOf, pricingFormErrors, priceOfMinor } from './pricingFormValues.js';

const gold: AdminMembershipLevel = {
  id: 2,
  name: 'Gold',
  creditsPerView: 3,
  surfTimerSeconds: 10,
  dailyCap: 2000,
  activeCampaigns: 100,
  monthlyCredits: 3000,
  periodDays: 30,
  amountMinor: 1500,
  currency: 'USD',
  active: true,
  position: 2,
};

describe('the pricing form’s values', () => {
  it('reads a price typed as units and cents as minor units, and shows minor units the same way', () => {
    expect([minorOfPrice('4.99'), minorOfPrice('5'), minorOfPrice('5.5'), minorOfPrice(' 12,05 ')]).toEqual([
      499, 500, 550, 1205,
    ]);
    for (const typed of ['', '4.999', '-1', 'five', '1e3']) expect(minorOfPrice(typed)).toBeNaN();
    expect([priceOfMinor(1500), priceOfMinor(7), priceOfMinor(1999)]).toEqual(['15.00', '0.07', '19.99']);
  });

  it('sends a level as it was loaded when nothing is changed', () => {
    const { id: _id, ...payload } = gold;
    expect(payloadOf('level', formValuesOf('level', gold))).toEqual(payload);
    expect(pricingFormErrors('level', formValuesOf('level', gold))).toEqual({});
  });

  it('names each bad field with words an admin can act on', () => {
    const values = {
      ...formValuesOf('level', gold),
      amountMinor: '4.999',
      surfTimerSeconds: '601',
      periodDays: '',
      currency: 'ZZ',
    };
    const errors = pricingFormErrors('level', values);
    expect(errors.amountMinor?.message).toBe('Enter a price such as 4.99.');
    expect(errors.surfTimerSeconds?.message).toBe('At most 600.');
    expect(errors.periodDays?.message).toBe('Enter a whole number.');
    expect(errors.currency?.message).toMatch(/three-letter currency code/);
    expect(Object.keys(errors).sort()).toEqual(['amountMinor', 'currency', 'periodDays', 'surfTimerSeconds']);
  });
});
