import { bearerTokenMatches } from './bearer-token.js';

const TOKEN = 'a-metrics-token-of-some-length';

describe('bearerTokenMatches', () => {
  it('accepts exactly `Bearer <token>`, the scheme in any case', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer '],
    ['another token', 'Bearer another-token-of-some-length'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 10)}`],
    ['the token and more', `Bearer ${TOKEN}0`],
    ['two tokens', `Bearer ${TOKEN} ${TOKEN}`],
    ['another scheme', `Basic ${TOKEN}`],
    ['the token without a scheme', TOKEN],
  ])('refuses %s', (_case, header) => {
    expect(bearerTokenMatches(header, TOKEN)).toBe(false);
  });
});
