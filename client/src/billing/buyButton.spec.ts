import { buyButtonLabel, purchaseKey } from './buyButton.js';

const silver = { id: 2, name: 'Silver' };

describe('the Buy buttons of the billing page', () => {
  it('offers each item for sale when the server takes payments, and says which one is being opened', () => {
    expect(buyButtonLabel({ buyingAvailable: true }, null, 'level', silver)).toBe('Buy Silver');
    expect(buyButtonLabel({ buyingAvailable: true }, purchaseKey('level', 2), 'level', silver)).toBe('Opening the payment page…');
    expect(buyButtonLabel({ buyingAvailable: true }, purchaseKey('pack', 2), 'level', silver)).toBe('Buy Silver');
  });

  it('offers no Buy button when the server takes no payments', () => {
    expect(buyButtonLabel({ buyingAvailable: false }, null, 'level', silver)).toBeNull();
    expect(buyButtonLabel({ buyingAvailable: false }, null, 'pack', { id: 1, name: 'Starter' })).toBeNull();
  });
});
