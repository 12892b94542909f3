import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type pg from 'pg';
import { answeredConsent, test as base, expect } from './fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A signed-up account: its id, and a signed-in browser state to open pages with. */
export interface Account {
  id: number;
  username: string;
  state: StorageState;
}

/**
 * Signs a member up through the API (as the signup form would), marks onboarding done so
 * they land on their pages, and makes them an admin when asked.
 */
export async function createAccount(
  browser: Browser,
  baseURL: string,
  db: pg.Client,
  options: { admin?: boolean } = {},
): Promise<Account> {
  const username = `rt${randomBytes(4).toString('hex')}`;
  // Made outside a test (worker fixtures), so the test options' answered consent is given here.
  const context = await browser.newContext({ baseURL, storageState: answeredConsent(baseURL) });
  try {
    const response = await context.request.post('/data/auth/signup', {
      headers: XHR,
      data: {
        username,
        first_name: options.admin ? 'Ada' : 'Max',
        email: `${username}@example.test`,
        password: 'correct horse battery',
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { rows } = await db.query(`UPDATE users SET finished_get_started = true, role = $2 WHERE username = $1 RETURNING id`, [
      username,
      options.admin ? 'admin' : 'member',
    ]);
    return { id: rows[0].id, username, state: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** One admin and one member per worker (signups are rate-limited per address), made on first use. */
export const test = base.extend<object, { admin: Account; member: Account }>({
  admin: [
    async ({ browser, app }, use) => use(await createAccount(browser, app.url, app.db, { admin: true })),
    { scope: 'worker' },
  ],
  member: [async ({ browser, app }, use) => use(await createAccount(browser, app.url, app.db)), { scope: 'worker' }],
});

export { expect };

/** Opens a signed-in page of an account in a browser context of its own. */
export async function openAs(browser: Browser, baseURL: string, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: account.state });
  const page = await context.newPage();
  await openLivePage(page, path);
  return page;
}

/** Waits until the page's socket is connected (the client marks it on <html data-realtime>). */
export async function expectConnected(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

/**
 * Opens a member page and waits until its live connection is up; the header's credit count
 * comes from the socket's first `live:data`.
 */
export async function openLivePage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectConnected(page);
  await expect(page.getByTestId('credit-count')).toBeVisible();
}

/** Marks the page's window, so a test can tell later that it was never reloaded. */
export async function markWindow(page: Page): Promise<() => Promise<void>> {
  const mark = randomBytes(4).toString('hex');
  await page.evaluate((value) => ((window as unknown as { testMark: string }).testMark = value), mark);
  return async () => expect(await page.evaluate(() => (window as unknown as { testMark?: string }).testMark)).toBe(mark);
}

export interface AnnouncementInput {
  heading: string;
  content: string;
  type: 'announcement' | 'modal';
  auth: 'all' | 'members' | 'visitors';
  only?: string[];
  except?: string[];
}

/** Publishes an announcement through the admin API; answers its id. */
export async function publishAnnouncement(request: APIRequestContext, input: AnnouncementInput): Promise<number> {
  const response = await request.post('/data/admin/announcements', { headers: XHR, data: input });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.id;
}

/** Ends every active announcement, so the next test (and the other e2e files of this worker) start without any. */
export async function endAllAnnouncements(request: APIRequestContext, db: pg.Client): Promise<void> {
  const { rows } = await db.query(`SELECT id FROM announcements WHERE ended_at IS NULL`);
  for (const { id } of rows) {
    const response = await request.post(`/data/admin/announcements/${id}/end`, { headers: XHR });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Sends a member a notification through the admin API, as "Message a member" does. */
export async function notifyMember(
  request: APIRequestContext,
  memberId: number,
  message: { heading: string; body: string; link?: string },
): Promise<void> {
  const response = await request.post(`/data/admin/users/${memberId}/notify`, { headers: XHR, data: message });
  expect(response.status(), await response.text()).toBe(200);
}

/** The header's unread counter: the bell link's name carries the count. */
export function bell(page: Page) {
  return page.getByTestId('notification-bell');
}

export async function expectUnread(page: Page, count: number): Promise<void> {
  if (count === 0) {
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('unread-count')).toHaveCount(0);
  } else {
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${count} unread`);
    await expect(page.getByTestId('unread-count')).toHaveText(String(count));
  }
}

/** A toast in the page's notification area. */
export function toast(page: Page, heading: string) {
  return page.locator('.toasts').getByRole('status').filter({ hasText: heading });
}

export { freePort } from '../support/free-port.js';
