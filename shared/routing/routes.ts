/**
 * The route table of spec section 2. Both sides read it: the client builds its router from it,
 * the server uses it to answer unknown page addresses with a 404 status.
 * Order matters only for the server's first-match lookup: specific paths come before patterns.
 */
export type RouteAccess = 'member' | 'public';

export type ScreenName =
  | 'dashboard'
  | 'settings'
  | 'getStarted'
  | 'setupExistingUser'
  | 'referrals'
  | 'admin'
  | 'notifications'
  | 'billing'
  | 'ownProfile'
  | 'tags'
  | 'bookmarkedPosts'
  | 'groups'
  | 'groupJoin'
  | 'userSearch'
  | 'publicProfile'
  | 'post'
  | 'emailSettings'
  | 'paymentReceipt'
  | 'orderReceipt'
  | 'landing'
  | 'passwordReset'
  | 'passwordResetToken'
  | 'terms'
  | 'privacy'
  | 'upgradeComplete'
  | 'login'
  | 'loginMulti'
  | 'logout'
  | 'maintenance'
  | 'signup'
  | 'contact'
  | 'setup'
  | 'teamInvite';

/** How a page shows the site chrome: /getStarted has a blank footer, some pages hide header or footer. */
export interface RouteChrome {
  header: boolean;
  footer: 'links' | 'blank' | 'hidden';
}

export interface RouteDef {
  path: string;
  access: RouteAccess;
  screen: ScreenName;
  adminOnly?: boolean;
  chrome?: Partial<RouteChrome>;
}

export const DEFAULT_CHROME: RouteChrome = { header: true, footer: 'links' };

const member = (path: string, screen: ScreenName, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  screen,
  access: 'member',
  ...extra,
});
const open = (path: string, screen: ScreenName, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  screen,
  access: 'public',
  ...extra,
});

export const ROUTES: readonly RouteDef[] = [
  member('/home', 'dashboard'),
  member('/home/:tab/:tab1?/:tab2?', 'dashboard'),
  member('/settings', 'settings'),
  member('/settings/profile', 'settings'),
  member('/settings/security', 'settings'),
  member('/settings/changeEmail', 'settings'),
  member('/settings/multiAccounts', 'settings'),
  member('/settings/multiAccounts/:team', 'settings'),
  // The mailed team invitation link: a `:team/:teamTab` address (team ids are numbers, never
  // `invite`) with a screen of its own, so it opens before onboarding is finished, as mailed links do.
  member('/settings/multiAccounts/invite/:token', 'teamInvite'),
  member('/settings/multiAccounts/:team/:teamTab', 'settings'),
  member('/settings/payments', 'settings'),
  // One order's printable receipt: a screen of its own, printed without the site's menu and footer.
  member('/settings/payments/:order', 'orderReceipt'),
  member('/getStarted/:page?', 'getStarted', { chrome: { footer: 'blank' } }),
  member('/setupExistingUser', 'setupExistingUser'),
  member('/referrals', 'referrals'),
  member('/admin/:tab?/:uid?/:tab2?', 'admin', { adminOnly: true }),
  member('/notifications', 'notifications'),
  member('/billing', 'billing'),
  member('/profile', 'ownProfile'),
  member('/tags', 'tags'),
  member('/tags/:tag', 'tags'),
  member('/BookmarkedPosts', 'bookmarkedPosts'),
  member('/groups', 'groups'),
  member('/groups/:code/join', 'groupJoin'),
  member('/userSearch', 'userSearch'),

  open('/profile/:obj?/:tab?', 'publicProfile'),
  open('/post/:pid', 'post'),
  open('/settings/emailSettings', 'emailSettings'),
  open('/data/payment/hook/payroc/receipt', 'paymentReceipt'),
  open('/', 'landing'),
  open('/password/reset', 'passwordReset'),
  open('/password/reset/:token', 'passwordResetToken'),
  open('/terms', 'terms'),
  open('/privacy', 'privacy'),
  open('/upgrade/complete', 'upgradeComplete'),
  open('/login', 'login'),
  open('/login/multi', 'loginMulti'),
  open('/logout', 'logout'),
  open('/maintenance', 'maintenance', { chrome: { header: false, footer: 'hidden' } }),
  open('/signup', 'signup'),
  open('/contact', 'contact'),
  open('/setup', 'setup'),
  open('/setup/:id/:code', 'setup'),
];

/** Named paths the code links to, so no screen spells an address by hand. */
export const PATHS = {
  landing: '/',
  home: '/home',
  campaigns: '/home/yourPosts',
  earnCredits: '/home/earnCredits',
  detailedStats: '/home/stats/detailed',
  credits: '/home/credits',
  settings: '/settings',
  getStarted: '/getStarted',
  profile: '/profile',
  login: '/login',
  logout: '/logout',
  signup: '/signup',
  maintenance: '/maintenance',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  loginMulti: '/login/multi',
  passwordReset: '/password/reset',
  setup: '/setup',
  setupExistingUser: '/setupExistingUser',
  referrals: '/referrals',
  billing: '/billing',
  admin: '/admin',
  settingsProfile: '/settings/profile',
  settingsSecurity: '/settings/security',
  settingsChangeEmail: '/settings/changeEmail',
  settingsMultiAccounts: '/settings/multiAccounts',
  settingsPayments: '/settings/payments',
  emailSettings: '/settings/emailSettings',
  groups: '/groups',
  tags: '/tags',
  userSearch: '/userSearch',
  bookmarkedPosts: '/BookmarkedPosts',
} as const;

/** The printable receipt of one of the member's orders. */
export function orderReceiptPath(orderId: string): string {
  return `${PATHS.settingsPayments}/${encodeURIComponent(orderId)}`;
}

export type RouteParams = Record<string, string | undefined>;

/**
 * Matches a pathname against a pattern with `:param` and `:param?` segments, exactly and
 * case-sensitively (all routes match exactly). A single trailing slash is ignored.
 */
export function matchRoutePattern(pattern: string, pathname: string): RouteParams | null {
  const want = splitPath(pattern);
  const have = splitPath(pathname);
  const params: RouteParams = {};
  let i = 0;
  for (const segment of want) {
    const value = have[i];
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (!optional) return null;
        continue;
      }
      params[name] = safeDecode(value);
      i++;
    } else {
      if (value !== segment) return null;
      i++;
    }
  }
  return i === have.length ? params : null;
}

export function findRoute(pathname: string): { route: RouteDef; params: RouteParams } | null {
  for (const route of ROUTES) {
    const params = matchRoutePattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
