import { trackingCookiesAllowed } from './consent.js';

describe('tracking cookie consent', () => {
  it('allows the cookies outside the cookie-law countries and where the country is unknown', () => {
    expect(trackingCookiesAllowed('US')).toBe(true);
    expect(trackingCookiesAllowed('BR')).toBe(true);
    expect(trackingCookiesAllowed(null)).toBe(true);
  });

  it('keeps the ids out of cookies in a cookie-law country, whatever the letter case', () => {
    expect(trackingCookiesAllowed('DE')).toBe(false);
    expect(trackingCookiesAllowed('GB')).toBe(false);
    expect(trackingCookiesAllowed('fr')).toBe(false);
  });
});
