import { paymentsPath, paymentsQueryOf } from './adminPaymentsQuery.js';

describe('the Payments tab address', () => {
  it('reads a known state or shortfall and a page, and anything else as all orders on page 1', () => {
    expect(paymentsQueryOf('?state=shortfall&page=3')).toEqual({ filter: 'shortfall', page: 3 });
    expect(paymentsQueryOf('?state=charged_back')).toEqual({ filter: 'charged_back', page: 1 });
    expect(paymentsQueryOf('?state=lost&page=-2')).toEqual({ filter: '', page: 1 });
    expect(paymentsQueryOf('?page=1.5')).toEqual({ filter: '', page: 1 });
  });

  it('writes the filter and a page after the first', () => {
    expect(paymentsPath('')).toBe('/admin/payments');
    expect(paymentsPath('shortfall')).toBe('/admin/payments?state=shortfall');
    expect(paymentsPath('paid', 2)).toBe('/admin/payments?state=paid&page=2');
  });
});
