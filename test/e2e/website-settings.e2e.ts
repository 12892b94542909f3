import { expect, test } from './fixtures.js';
import { openPage, withWebsite } from './helpers.js';

test('the top bar shows Signup only while signups are open, and Login always', async ({ page, app }) => {
  const account = page.getByRole('navigation', { name: 'Account' });
  await withWebsite(app, { signups: true }, async () => {
    await openPage(page, '/');
    await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Signup' })).toBeVisible();
    await account.getByRole('link', { name: 'Signup' }).click();
    await expect(page).toHaveURL('/signup');
  });
  await withWebsite(app, { signups: false }, async () => {
    await page.reload();
    await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Signup' })).toHaveCount(0);
    await openPage(page, '/terms');
    await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Signup' })).toHaveCount(0);
  });
});

test('the footer shows Contact, Terms, Privacy and the company registration line', async ({ page, app }) => {
  const footer = page.getByRole('contentinfo');
  await openPage(page, '/');
  for (const name of ['Contact', 'Terms', 'Privacy']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const { rows } = await app.db.query('SELECT company_registration FROM website_settings WHERE id = 1');
  await expect(footer.getByText(rows[0].company_registration, { exact: true })).toBeVisible();
  const line = 'Example Trading Ltd · Registered in Scotland · Company no. SC123456';
  await withWebsite(app, { company_registration: line }, async () => {
    await page.reload();
    await expect(footer.getByText(line, { exact: true })).toBeVisible();
  });
  await page.reload();
  await expect(footer.getByText(line, { exact: true })).toHaveCount(0);
});

test('during maintenance a visitor on any page sees the maintenance page, and gets back when it ends', async ({ page, app }) => {
  await withWebsite(app, { maintenance: true }, async () => {
    for (const path of ['/', '/nope', '/home/yourPosts', '/terms']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/maintenance');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll be right back');
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    }
    // Asking again while maintenance lasts keeps the page.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(page).toHaveURL('/maintenance');
  });
  // The page goes back by itself to where the visitor was last.
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('an open tab moves to /maintenance the moment an admin turns it on, and back to where it was when it ends, without a reload', async ({
  page,
  app,
}) => {
  await openPage(page, '/contact?topic=ads');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  // A full page load would drop this mark.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await withWebsite(app, { maintenance: true }, async () => {
    await expect(page).toHaveURL('/maintenance', { timeout: 3000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll be right back');
  });
  await expect(page).toHaveURL('/contact?topic=ads', { timeout: 3000 });
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});
