import { loginRedirectPath, safeReturnPath } from './paths.js';

describe('login redirects', () => {
  it('encodes the path and query and drops noLogin', () => {
    expect(loginRedirectPath('/home/earnCredits', '?noLogin=1&a=b')).toBe(
      `/login?redi=${encodeURIComponent('/home/earnCredits?a=b')}`,
    );
    expect(loginRedirectPath('/settings', '')).toBe('/login?redi=%2Fsettings');
  });

  it('returns only to same-site relative paths', () => {
    expect(safeReturnPath('/home/yourPosts?x=1')).toBe('/home/yourPosts?x=1');
    for (const attack of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      'home',
    ]) {
      expect(safeReturnPath(attack)).toBe('/home');
    }
  });
});
