import { AxeBuilder } from '@axe-core/playwright';
import { continueSurfSession, expect, signUpMember, SURF_TIMER_SECONDS, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('with every post viewed, the surf bar says when the next one can come and offers something to do meanwhile', async ({
  browser,
  app,
}) => {
  // Dave promotes the one Icelandic post; Carol surfs Icelandic posts only.
  const dave = await signUpMember(browser, app, 'Dave');
  const created = await dave.page.request.post('/data/posts', {
    headers: XHR,
    data: { text: `Góðan daginn from ${dave.username}`, language: 'is' },
  });
  expect(created.status()).toBe(200);
  const { pid } = (await created.json()).data.post;
  const assigned = await dave.page.request.post(`/data/campaigns/${pid}/assign`, {
    headers: { ...XHR, 'Idempotency-Key': `e2e-empty-${pid}` },
    data: { amount: 3 },
  });
  expect(assigned.status()).toBe(200);

  const carol = await signUpMember(browser, app, 'Carol');
  await continueSurfSession(app, carol);
  await app.db.query(`UPDATE users SET rotator_languages = '{is}' WHERE id = $1`, [carol.id]);
  const page = carol.page;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home/earnCredits');
  await expect(page.getByRole('article')).toContainText('Góðan daginn');
  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await next.click();

  // A post is credited to a viewer once a day: the bar says so, and when (a day after the credit).
  const stage = page.getByTestId('surf-stage');
  await expect(stage.getByText(/You have seen every post you can view for now/)).toBeVisible();
  await expect(stage.getByTestId('surf-next-post-time')).toContainText(/\(in (24 h|23 h 59 min)\)/);
  await expect(stage.getByRole('link', { name: 'Create a post' })).toHaveAttribute('href', '/home/yourPosts/new');
  await expect(stage.getByLabel('Your referral link')).toHaveValue(new RegExp(`dem_rf0=${carol.username}$`));

  // It fits a 375 px phone, and axe finds nothing serious.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

  // With no campaign left that could pay, there is no time to promise.
  await dave.page.request.post(`/data/campaigns/${pid}/pause`, { headers: XHR });
  await stage.getByRole('button', { name: 'Try again' }).click();
  await expect(stage.getByText(/nobody else is promoting a post in your languages/)).toBeVisible();
  await expect(stage.getByTestId('surf-next-post-time')).toHaveCount(0);

  await dave.context.close();
  await carol.context.close();
});
