import { expect, test } from './account-fixtures.js';
import { signUpByApi, submitLoginForm } from './account-helpers.js';

test('a visitor who arrives through alice’s referral link and signs up is listed on alice’s referrals page', async ({
  page,
  browser,
  request,
  app,
}) => {
  const alice = await signUpByApi(request, app, { prefix: 'alice', firstName: 'Alice' });

  // The visitor arrives with alice's referral code (and the site they came from) and waits for the app.
  await page.goto(`/?dem_rf0=${alice.username}&rr1=${encodeURIComponent('https://blog.example/post/1')}`);
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'dem_rf0')).toBe(true);

  // Later the visitor signs up (the referral cookie goes along).
  const newcomer = await signUpByApi(page.request, app, { prefix: 'newbie' });
  const { rows } = await app.db.query('SELECT created_at FROM users WHERE id = $1', [newcomer.id]);
  const joinedAt: Date = rows[0].created_at;

  // Alice, in a browser of her own, logs in and opens her referrals.
  const aliceContext = await browser.newContext({ baseURL: app.url });
  try {
    const alicePage = await aliceContext.newPage();
    await alicePage.goto('/referrals');
    await expect(alicePage).toHaveURL('/login?redi=%2Freferrals');
    await submitLoginForm(alicePage, alice.username, alice.password);
    await expect(alicePage).toHaveURL('/referrals');
    await expect(alicePage.getByRole('heading', { level: 1 })).toHaveText('Referrals');
    await expect(alicePage.getByText('1 member signed up through your link.')).toBeVisible();

    const joined = await alicePage.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)),
      joinedAt.toISOString(),
    );
    const table = alicePage.getByRole('table', { name: 'Members who signed up through your link' });
    await expect(table.getByRole('columnheader')).toHaveText(['Username', 'Joined', 'Source website']);
    const row = table.getByRole('row').filter({ has: alicePage.getByRole('link', { name: newcomer.username }) });
    await expect(row.getByRole('cell')).toHaveText([newcomer.username, joined, 'blog.example']);
  } finally {
    await aliceContext.close();
  }
});
