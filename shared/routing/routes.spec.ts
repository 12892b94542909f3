import { findRoute, matchRoutePattern, orderReceiptPath, ROUTES } from './routes.js';

describe('the route table', () => {
  it('matches optional and required parameters exactly', () => {
    expect(matchRoutePattern('/home/:tab/:tab1?/:tab2?', '/home/stats/detailed')).toEqual({ tab: 'stats', tab1: 'detailed' });
    expect(matchRoutePattern('/home/:tab/:tab1?/:tab2?', '/home')).toBeNull();
    expect(matchRoutePattern('/home/:tab/:tab1?/:tab2?', '/home/a/b/c/d')).toBeNull();
    expect(matchRoutePattern('/getStarted/:page?', '/getStarted')).toEqual({});
    expect(matchRoutePattern('/setup/:id/:code', '/setup/12/a%20b')).toEqual({ id: '12', code: 'a b' });
  });

  it('is case-sensitive and ignores one trailing slash', () => {
    expect(findRoute('/Home')).toBeNull();
    expect(findRoute('/BookmarkedPosts')?.route.screen).toBe('bookmarkedPosts');
    expect(findRoute('/bookmarkedposts')).toBeNull();
    expect(findRoute('/terms/')?.route.screen).toBe('terms');
  });

  it('opens a mailed team invitation on its own screen, and every other team address in the settings', () => {
    expect(findRoute('/settings/multiAccounts/invite/12.abcdefghijklmnopqrstuvwxyz')?.route).toMatchObject({
      screen: 'teamInvite',
      access: 'member',
    });
    expect(findRoute('/settings/multiAccounts/12/members')?.route.screen).toBe('settings');
    expect(findRoute('/settings/multiAccounts/invite')?.route.screen).toBe('settings');
  });

  it("opens an order's receipt on its own screen, for members only, with the order in the address", () => {
    const id = '6f1c2d3e-0000-4000-8000-000000000001';
    expect(orderReceiptPath(id)).toBe(`/settings/payments/${id}`);
    expect(findRoute(orderReceiptPath(id))).toEqual({
      route: expect.objectContaining({ screen: 'orderReceipt', access: 'member' }),
      params: { order: id },
    });
    expect(findRoute('/settings/payments')?.route.screen).toBe('settings');
    expect(findRoute(`/settings/payments/${id}/extra`)).toBeNull();
  });

  it('keeps the own profile for members and other profiles public', () => {
    expect(findRoute('/profile')?.route).toMatchObject({ screen: 'ownProfile', access: 'member' });
    expect(findRoute('/profile/alice/posts')?.route).toMatchObject({ screen: 'publicProfile', access: 'public' });
  });

  it('makes every route of spec section 2 reachable and open or closed as the spec says', () => {
    const memberPaths = [
      '/home',
      '/home/yourPosts',
      '/settings',
      '/settings/profile',
      '/settings/security',
      '/settings/changeEmail',
      '/settings/multiAccounts',
      '/settings/multiAccounts/3',
      '/settings/multiAccounts/3/members',
      '/settings/payments',
      '/settings/payments/6f1c2d3e-0000-4000-8000-000000000001',
      '/getStarted',
      '/getStarted/2',
      '/setupExistingUser',
      '/referrals',
      '/admin',
      '/admin/users/5/edit',
      '/notifications',
      '/billing',
      '/profile',
      '/tags',
      '/tags/news',
      '/BookmarkedPosts',
      '/groups',
      '/groups/abc/join',
      '/userSearch',
    ];
    const publicPaths = [
      '/profile/bob',
      '/post/1',
      '/settings/emailSettings',
      '/data/payment/hook/payroc/receipt',
      '/',
      '/password/reset',
      '/password/reset/tok',
      '/terms',
      '/privacy',
      '/upgrade/complete',
      '/login',
      '/login/multi',
      '/logout',
      '/maintenance',
      '/signup',
      '/contact',
      '/setup',
      '/setup/1/code',
    ];
    for (const path of memberPaths) expect([path, findRoute(path)?.route.access]).toEqual([path, 'member']);
    for (const path of publicPaths) expect([path, findRoute(path)?.route.access]).toEqual([path, 'public']);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });
});
