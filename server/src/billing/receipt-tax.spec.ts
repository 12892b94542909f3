import { receiptTaxOf } from './receipt-tax.js';

describe('the tax on a receipt', () => {
  it('is the part of the gross price the rate makes up, the net the rest', () => {
    expect(receiptTaxOf(1190, { name: 'VAT', ratePercent: 19 })).toEqual({
      name: 'VAT',
      ratePercent: 19,
      taxMinor: 190,
      netMinor: 1000,
    });
    expect(receiptTaxOf(999, { name: 'VAT', ratePercent: 20 })).toEqual({
      name: 'VAT',
      ratePercent: 20,
      taxMinor: 167,
      netMinor: 832,
    });
  });

  it('is none when the site charges no tax', () => {
    expect(receiptTaxOf(999, null)).toBeNull();
  });
});
