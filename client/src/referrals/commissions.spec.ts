import type { CommissionRow } from '@shared/referrals/commissions.js';
import { commissionStatus, commissionsPage } from './commissions.js';

const row: CommissionRow = {
  id: 1,
  credits: 50,
  state: 'pending',
  maturesAt: '2026-12-24T10:00:00.000Z',
  creditedAt: null,
  clawedBackAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  referredUsername: 'bob',
  itemName: 'Starter',
};
const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('commissionStatus', () => {
  it('says when a pending commission matures, when a credited one was paid, and that a taken-back one will not be', () => {
    expect(commissionStatus(row, utc)).toBe('Pending — matures 24 Dec 2026');
    expect(commissionStatus({ ...row, state: 'credited', creditedAt: '2026-12-25T01:00:00.000Z' }, utc)).toBe(
      'Credited 25 Dec 2026',
    );
    expect(commissionStatus({ ...row, state: 'clawed_back', clawedBackAt: '2026-12-01T00:00:00.000Z' }, utc)).toBe(
      'Taken back (purchase refunded or charged back)',
    );
  });
});

describe('commissionsPage', () => {
  it('reads ?commissions=N, page 1 for anything else', () => {
    expect(commissionsPage('?commissions=3&page=2')).toBe(3);
    expect(commissionsPage('?page=2')).toBe(1);
    expect(commissionsPage('?commissions=-1')).toBe(1);
    expect(commissionsPage('?commissions=x')).toBe(1);
  });
});
