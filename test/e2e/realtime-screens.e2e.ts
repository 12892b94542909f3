import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settleAnimations } from './helpers.js';
import { endAllAnnouncements, expect, openAs, publishAnnouncement, test } from './realtime-helpers.js';

/** Serious and critical axe violations on the page as it is, described for the failure message. */
async function blockingViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document.documentElement.scrollWidth > document.documentElement.clientWidth
      ? Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
      : [],
  );
}

test.afterEach(async ({ browser, app, admin }) => {
  const context = await browser.newContext({ baseURL: app.url, storageState: admin.state });
  await endAllAnnouncements(context.request, app.db);
  await context.close();
});

test('the notifications list pages through 25 notifications, unread ones first and marked', async ({ browser, app, member }) => {
  await app.db.query(`DELETE FROM notifications WHERE user_id = $1`, [member.id]);
  await app.db.query(
    `INSERT INTO notifications (user_id, type, heading, body, link, read_at)
     SELECT $1, 'admin_message', 'Notice ' || n, 'Body ' || n, CASE WHEN n % 2 = 0 THEN '/settings' END,
            CASE WHEN n <= 22 THEN now() END
       FROM generate_series(1, 25) AS n`,
    [member.id],
  );
  const page = await openAs(browser, app.url, member, '/notifications');
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(20);
  await expect(page.getByTestId('unread-summary')).toHaveText('3 unread');
  // Unread first (newest first among them), then the read ones, newest first.
  await expect(items.nth(0)).toContainText('Notice 25');
  await expect(items.nth(2)).toContainText('Notice 23');
  await expect(items.nth(2)).toContainText('Unread');
  await expect(items.nth(3)).toContainText('Notice 22');
  await expect(items.nth(3)).not.toContainText('Unread');
  await expect(items.nth(3).getByRole('link', { name: 'Notice 22' })).toHaveAttribute('href', '/settings');
  await expect(items.nth(0).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  const pager = page.getByRole('navigation', { name: 'Notification pages' });
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/notifications\?page=2$/);
  await expect(items).toHaveCount(5);
  await expect(items.nth(0)).toContainText('Notice 5');
  await page.goto('/notifications?page=9');
  await expect(page.getByText('There is no page 9.')).toBeVisible();
  await page.context().close();
});

test('an empty notifications page says so', async ({ browser, app, member }) => {
  await app.db.query(`DELETE FROM notifications WHERE user_id = $1`, [member.id]);
  const page = await openAs(browser, app.url, member, '/notifications');
  await expect(page.getByText('You have no notifications yet.')).toBeVisible();
  await expect(page.getByTestId('unread-summary')).toHaveText('You are all caught up.');
  await page.context().close();
});

test('the announcement form checks its fields before sending and can be filled with the keyboard alone', async ({
  browser,
  app,
  admin,
}) => {
  const page = await openAs(browser, app.url, admin, '/admin/announcements/new');
  await expect(page.getByRole('heading', { level: 2, name: 'New announcement' })).toBeVisible();
  await page.getByLabel('Only on these pages (optional)').fill('/home\nsettings');
  await page.getByLabel('Link (optional)').fill('http://example.com');
  await page.getByRole('button', { name: 'Publish' }).click();
  const heading = page.getByLabel('Heading', { exact: true });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter a heading.')).toBeVisible();
  await expect(page.getByText('Please enter the content.')).toBeVisible();
  await expect(page.getByText('Line 2: Paths start with /')).toBeVisible();
  await expect(page.getByText('Use a path on this site or an https address.')).toBeVisible();
  await expect(page.getByText('end with * to match every page below', { exact: false }).first()).toBeVisible();

  // Keyboard only from here.
  await page.keyboard.type('Keyboard news');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Content', { exact: true })).toBeFocused();
  await page.keyboard.type('Typed without a mouse.');
  await page.getByLabel('Link (optional)').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Alert bar above the page' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Modal dialog' })).toBeChecked();
  await expect(page.getByTestId('announcement-preview').locator('.modal-dialog')).toContainText('Keyboard news');
  await page.getByLabel('Only on these pages (optional)').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('/home\n/settings/*');
  await expect(page.getByText('Pages: Only /home, /settings/*.')).toBeVisible();
  await page.getByLabel('Heading', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Published: “Keyboard news”.' })).toBeFocused();

  const row = page.getByTestId('admin-announcement').filter({ hasText: 'Keyboard news' });
  await row.getByRole('link', { name: 'Edit: Keyboard news' }).click();
  await expect(page.getByLabel('Heading', { exact: true })).toHaveValue('Keyboard news');
  await expect(page.getByLabel('Only on these pages (optional)')).toHaveValue('/home\n/settings/*');
  await expect(page.getByRole('radio', { name: 'Modal dialog' })).toBeChecked();
  await page.getByLabel('Heading', { exact: true }).fill('Keyboard news, edited');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: “Keyboard news, edited”.' })).toBeVisible();

  // The End dialog: Escape cancels it and focus goes back to its button.
  const end = page.getByRole('button', { name: 'End: Keyboard news, edited' });
  await end.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'End this announcement?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(end).toBeFocused();
  await page.context().close();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the notifications and admin screens fit, have one h1 and no serious axe violation', async ({
    browser,
    app,
    admin,
    member,
  }) => {
    await app.db.query(`DELETE FROM notifications WHERE user_id = $1`, [member.id]);
    await app.db.query(
      `INSERT INTO notifications (user_id, type, heading, body, link, read_at) VALUES
         ($1, 'referral_joined', 'A very long heading that has to wrap on a narrow phone screen without pushing anything sideways', 'Someone joined through your link.', '/referrals', NULL),
         ($1, 'admin_message', 'Read one', 'Already seen.', NULL, now())`,
      [member.id],
    );
    const adminContext = await browser.newContext({
      baseURL: app.url,
      storageState: admin.state,
      viewport: { width: 375, height: 740 },
    });
    const id = await publishAnnouncement(adminContext.request, {
      heading: 'Phone check',
      content: 'A bar with a https://example.com/a-really-long-address-that-does-not-break-by-itself-at-all',
      type: 'announcement',
      auth: 'all',
      only: ['/nowhere'],
    });
    const ended = await publishAnnouncement(adminContext.request, {
      heading: 'Old news',
      content: 'Over.',
      type: 'modal',
      auth: 'members',
    });
    await adminContext.request.post(`/data/admin/announcements/${ended}/end`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });

    const screens: { page: Page; path: string }[] = [];
    const memberPage = await openAs(browser, app.url, member, '/notifications');
    screens.push({ page: memberPage, path: '/notifications' });
    const adminPage = await adminContext.newPage();
    for (const path of ['/admin', '/admin/announcements', '/admin/announcements/new', `/admin/announcements/${id}`])
      screens.push({ page: adminPage, path });

    for (const { page, path } of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      if (path === '/admin/announcements/new') await page.getByRole('radio', { name: 'Modal dialog' }).check();
      if (path === '/admin/announcements') {
        await expect(page.getByTestId('admin-announcement').filter({ hasText: 'Phone check' })).toContainText('Active');
        await expect(page.getByTestId('admin-announcement').filter({ hasText: 'Old news' })).toContainText('Ended');
      }
      expect.soft(await overflowingElements(page), `wider than the screen on ${path}`).toEqual([]);
      expect.soft(await blockingViolations(page), `axe violations on ${path}`).toEqual([]);
    }
    await Promise.all([adminContext.close(), memberPage.context().close()]);
  });
});
