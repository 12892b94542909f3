import { expect, test } from './fixtures.js';
import { PUBLIC_PATHS, openPage } from './helpers.js';

test.describe('a visitor on a members-only page is sent to login with the way back', () => {
  const cases = [
    { from: '/home/yourPosts?x=1&noLogin=1', to: '/login?redi=%2Fhome%2FyourPosts%3Fx%3D1' },
    { from: '/settings/security', to: '/login?redi=%2Fsettings%2Fsecurity' },
    { from: '/admin/users/5', to: '/login?redi=%2Fadmin%2Fusers%2F5' },
    { from: '/home?noLogin=1', to: '/login?redi=%2Fhome' },
    { from: '/tags/cats?noLogin=1&page=2', to: '/login?redi=%2Ftags%2Fcats%3Fpage%3D2' },
  ];
  for (const { from, to } of cases) {
    test(`${from} → ${to}`, async ({ page, app }) => {
      await page.goto(from);
      await expect(page).toHaveURL(app.url + to);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(page.url()).toBe(app.url + to);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    });
  }
});

test('every public page opens for a visitor without a redirect', async ({ page, app }) => {
  for (const path of PUBLIC_PATHS) {
    const response = await openPage(page, path);
    expect(response?.status(), path).toBe(200);
    expect(page.url(), path).toBe(app.url + path);
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0);
  }
});

test('an unknown address shows "Page not found" with HTTP status 404', async ({ page }) => {
  for (const path of ['/nope', '/Home', '/TERMS', '/home/a/b/c/d', '/terms/extra']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Page not found');
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
});

test('a known client address answers HTTP 200, even a members-only one', async ({ page }) => {
  expect((await page.goto('/terms'))?.status()).toBe(200);
  expect((await page.goto('/home/stats/detailed'))?.status()).toBe(200);
});

test('the footer links take the visitor to Contact, Terms and Privacy', async ({ page }) => {
  await openPage(page, '/');
  const footer = page.getByRole('contentinfo');
  const pages = [
    { link: 'Contact', path: '/contact', heading: 'Contact' },
    { link: 'Terms', path: '/terms', heading: 'Terms of use' },
    { link: 'Privacy', path: '/privacy', heading: 'Privacy' },
  ];
  for (const { link, path, heading } of pages) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});
