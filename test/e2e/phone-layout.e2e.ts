import type { Locator, Page } from '@playwright/test';
import { ROUTES } from '../../shared/routing/routes.js';
import { signUpByApi, XHR } from './account-helpers.js';
import { expect, test, type AppUnderTest } from './fixtures.js';
import { endAllAnnouncements, publishAnnouncement } from './realtime-helpers.js';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1366, height: 768 };
const TEAM_NAME = 'The Extraordinarily Long Team Name of Ours';

// These members have not answered the cookie banner: the pages must be usable with it showing.
test.use({ storageState: { cookies: [], origins: [] }, viewport: PHONE });

/** The visitor is in a cookie-law country (the loopback address has none), so the banner shows. */
async function visitFromAustria(page: Page): Promise<void> {
  await page.route('**/data/start', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.visitorCountry = 'AT';
    await route.fulfill({ response, json: body });
  });
}

/** An address for every member page of the route table (admin pages are not the member's). */
function memberPages(ids: { team: number; order: string }): string[] {
  const example: Record<string, string[]> = {
    '/home': ['/home'],
    '/home/:tab/:tab1?/:tab2?': [
      '/home/yourPosts',
      '/home/yourPosts/new',
      '/home/earnCredits',
      '/home/stats/detailed',
      '/home/credits',
    ],
    '/settings': ['/settings'],
    '/settings/profile': ['/settings/profile'],
    '/settings/security': ['/settings/security'],
    '/settings/changeEmail': ['/settings/changeEmail'],
    '/settings/multiAccounts': ['/settings/multiAccounts'],
    '/settings/multiAccounts/:team': [`/settings/multiAccounts/${ids.team}`],
    '/settings/multiAccounts/invite/:token': ['/settings/multiAccounts/invite/1.aaaaaaaaaaaaaaaaaaaaaaaa'],
    '/settings/multiAccounts/:team/:teamTab': [
      `/settings/multiAccounts/${ids.team}/credits`,
      `/settings/multiAccounts/${ids.team}/audit`,
    ],
    '/settings/payments': ['/settings/payments'],
    '/settings/payments/:order': [`/settings/payments/${ids.order}`],
    '/getStarted/:page?': ['/getStarted'],
    '/setupExistingUser': ['/setupExistingUser'],
    '/referrals': ['/referrals'],
    '/notifications': ['/notifications'],
    '/billing': ['/billing'],
    '/profile': ['/profile'],
    '/tags': ['/tags'],
    '/tags/:tag': ['/tags/news'],
    '/BookmarkedPosts': ['/BookmarkedPosts'],
    '/groups': ['/groups'],
    '/groups/:code/join': ['/groups/abcdefabcdef/join'],
    '/userSearch': ['/userSearch'],
  };
  return ROUTES.filter((route) => route.access === 'member' && !route.adminOnly).flatMap((route) => {
    const paths = example[route.path];
    if (!paths) throw new Error(`phone-layout.e2e.ts: give the member page ${route.path} an example address`);
    return paths;
  });
}

/** Goes to a page of the app without reloading it (as a link would), and waits for its screen. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.screen-loading, .loading-state')).toHaveCount(0);
}

/** The elements that reach past the right edge of the screen, for the failure message. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  );
}

async function expectFitsPhone(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect
    .soft(width, `page width on ${where}; past the screen: ${(await overflowing(page)).join(', ')}`)
    .toBeLessThanOrEqual(PHONE.width);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}

test('a member with a five-digit balance, unread notifications and a long name uses every page on a 375 px phone, as themselves and for a team', async ({
  page,
  app,
  browser,
}) => {
  const adminContext = await browser.newContext({ baseURL: app.url });
  const admin = await signUpByApi(adminContext.request, app, { prefix: 'layadm' });
  await app.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  await publishAnnouncement(adminContext.request, {
    heading: 'Scheduled maintenance',
    content: 'The site will be down for an hour on Sunday night while we upgrade the database.',
    type: 'announcement',
    auth: 'members',
  });
  try {
    await useEveryPage(page, app);
  } finally {
    await endAllAnnouncements(adminContext.request, app.db);
    await adminContext.close();
  }
});

async function useEveryPage(page: Page, app: AppUnderTest): Promise<void> {
  await visitFromAustria(page);
  // Address not confirmed: the confirmation bar shows on every page too.
  const member = await signUpByApi(page.request, app, { prefix: 'layout', firstName: 'Maximiliana-Alexandrina', ready: false });
  await app.db.query('UPDATE users SET finished_get_started = true, credits = 12345 WHERE id = $1', [member.id]);
  await app.db.query(
    `INSERT INTO notifications (user_id, type, heading, body) SELECT $1, 'admin_message', 'Hello', 'A message' FROM generate_series(1, 3)`,
    [member.id],
  );
  const team = await page.request.post('/data/teams', { headers: XHR, data: { name: TEAM_NAME } });
  expect(team.status(), await team.text()).toBe(200);
  const teamId: number = (await team.json()).data.id;
  const order = await page.request.post('/data/billing/checkout', { headers: XHR, data: { kind: 'pack', id: 1 } });
  expect(order.status(), await order.text()).toBe(200);
  const orderId: string = (await order.json()).data.order.id;

  await page.goto('/home');
  const balance = page.getByTestId('credit-count');
  const bell = page.getByRole('link', { name: 'Notifications, 3 unread' });
  const cookies = page.getByRole('region', { name: 'Cookies' });
  // The balance comes with the live connection's first push, which a busy machine may take a while to make.
  await expect(balance).toHaveText('12,345 credits', { timeout: 30_000 });
  await expect(cookies).toBeVisible();

  for (const path of memberPages({ team: teamId, order: orderId })) {
    await visit(page, path);
    await expectFitsPhone(page, path);
    await expect.soft(balance, `balance on ${path}`).toBeInViewport({ ratio: 1 });
    await expect.soft(bell, `bell on ${path}`).toBeInViewport({ ratio: 1 });
  }

  // Searches have the app's input look, not the browser's 20 px box.
  await visit(page, '/groups');
  expect((await box(page.getByRole('searchbox', { name: 'Search by name' }))).height).toBeGreaterThanOrEqual(40);

  // The unanswered cookie banner leaves room at the page's end: the footer scrolls clear of it.
  await visit(page, '/home');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await box(page.getByRole('contentinfo'));
  const footerBottom = footer.y + footer.height;
  expect(footerBottom).toBeLessThanOrEqual((await box(cookies)).y + 1);

  // Earn Credits: the announcement and confirmation bars are one line each, and open on demand.
  await visit(page, '/home/earnCredits');
  const bars = page.locator('.announcement-bars, .email-banner');
  const barsHeight = async () =>
    (await bars.evaluateAll((found) => found.map((bar) => bar.getBoundingClientRect().height))).reduce((a, b) => a + b, 0);
  const folded = await barsHeight();
  expect(folded, 'the bars above the post').toBeLessThan(100);
  const announcement = page.getByRole('region', { name: 'Announcements' });
  await announcement.getByRole('button', { name: 'Show all: announcement Scheduled maintenance' }).click();
  await expect(announcement).toContainText('while we upgrade the database.');
  expect(await barsHeight()).toBeGreaterThan(folded + 20);

  // The menu lists the other pages under More; this member is no admin, so there is no Admin entry.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'More' }).click();
  for (const name of ['Notifications', 'Billing', 'Referrals', 'Groups', 'Tags', 'Bookmarks', 'Find members'])
    await expect.soft(menu.getByRole('link', { name, exact: true }), name).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // Acting for the team: its badge labels the header's balance, fits the row, and covers no close button.
  await menu.getByRole('button', { name: 'Switch account' }).click();
  await menu
    .getByRole('group', { name: 'Act as' })
    .getByRole('button', { name: new RegExp(TEAM_NAME) })
    .click();
  const badge = page.getByRole('link', { name: `Acting for the team ${TEAM_NAME}` });
  await expect(badge).toContainText('Team The Extraordinarily');
  await expect(balance).toHaveText(`0 credits of the team ${TEAM_NAME}`);
  await visit(page, '/home/yourPosts');
  await expect(badge).toBeInViewport({ ratio: 1 });
  await expect(bell).toBeInViewport({ ratio: 1 });
  await expectFitsPhone(page, 'acting for the team');
  const badgeBox = await box(badge);
  const closeBox = await box(page.getByRole('button', { name: 'Dismiss announcement: Scheduled maintenance' }));
  const apart =
    badgeBox.x + badgeBox.width <= closeBox.x ||
    closeBox.x + closeBox.width <= badgeBox.x ||
    badgeBox.y + badgeBox.height <= closeBox.y ||
    closeBox.y + closeBox.height <= badgeBox.y;
  expect(apart, 'the team badge and the announcement close button do not overlap').toBe(true);

  // On a desktop the rail stays clear of the logo on Earn Credits, at the top of the page.
  await page.setViewportSize(DESKTOP);
  await visit(page, '/home/earnCredits');
  await page.evaluate(() => window.scrollTo(0, 0));
  const logo = await box(page.getByRole('banner').getByRole('link', { name: 'Surfex home' }));
  await expect.poll(async () => (await box(menu)).x + (await box(menu)).width).toBeLessThanOrEqual(logo.x);

  // Onboarding at 1280 × 720: with the page scrolled to its end, the unanswered banner leaves Next clear.
  await page.setViewportSize({ width: 1280, height: 720 });
  await visit(page, '/getStarted');
  // Scrolled again on every look: the step's content may still grow once it has shown.
  const next = page.getByRole('button', { name: 'Next' });
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const nextBox = await box(next);
      return nextBox.y + nextBox.height - (await box(cookies)).y;
    }, 'the Next button ends above the cookie banner')
    .toBeLessThanOrEqual(0);
}
