import { expect, test } from './fixtures.js';

test('a visitor sees the landing page with the top bar and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
});
