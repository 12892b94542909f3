import { referralLink, referralsPage } from './referralLink.js';

describe('referrals', () => {
  it('builds the link a member shares', () => {
    expect(referralLink('https://surfex.example', 'alice')).toBe('https://surfex.example/?dem_rf0=alice');
    expect(referralLink('http://localhost:3000', 'a_b')).toBe('http://localhost:3000/?dem_rf0=a_b');
  });

  it('reads the page from the address, page 1 when missing or odd', () => {
    expect(referralsPage('?page=3')).toBe(3);
    for (const search of ['', '?page=0', '?page=-2', '?page=1.5', '?page=abc']) expect(referralsPage(search)).toBe(1);
  });
});
