import { ledgerLabel, ledgerPageOf, ledgerPagePath, signedAmount } from './ledgerFormat.js';

describe('credits ledger', () => {
  it('shows movements with their sign', () => {
    expect(signedAmount(1)).toBe('+1');
    expect(signedAmount(-10)).toBe('−10');
    expect(signedAmount(0)).toBe('0');
  });

  it('keeps the page in the address', () => {
    expect(ledgerPagePath(1)).toBe('/home/credits');
    expect(ledgerPagePath(3)).toBe('/home/credits?page=3');
    expect(ledgerPageOf('?page=3')).toBe(3);
    expect(ledgerPageOf('?page=0')).toBe(1);
    expect(ledgerPageOf('?page=abc')).toBe(1);
    expect(ledgerPageOf('')).toBe(1);
  });

  it('names each kind of movement in words', () => {
    expect(ledgerLabel({ kind: 'signup_bonus' })).toBe('Welcome bonus');
    expect(ledgerLabel({ kind: 'view_earned' })).toBe('Viewed a post');
  });
});
