import { expect, test } from './account-fixtures.js';
import { signUpByApi } from './account-helpers.js';

test('a referral link whose referrer field holds a NUL still records the referral at signup', async ({ page, request, app }) => {
  const alice = await signUpByApi(request, app, { prefix: 'alice', firstName: 'Alice' });

  // rr1=%00 decodes to a NUL, which PostgreSQL cannot store: the cookie must not carry it.
  await page.goto(`/?dem_rf0=${alice.username}&rr1=%00&rr2=${encodeURIComponent('/landing')}`);
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'dem_rf0')).toBe(true);

  const newcomer = await signUpByApi(page.request, app, { prefix: 'newbie' });
  const { rows } = await app.db.query('SELECT referrer_id, referral_source FROM users WHERE id = $1', [newcomer.id]);
  expect(rows[0].referrer_id).toBe(alice.id);
  expect(rows[0].referral_source).toMatchObject({ HTTP_REFERER: '', REQUEST_URI: '/landing' });
});
