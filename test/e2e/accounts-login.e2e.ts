import { expect, test } from './account-fixtures.js';
import { signUpByApi, sideMenu, sideMenuName, submitLoginForm } from './account-helpers.js';

test('a visitor sent to login from a members-only page comes back to it, query and all, after logging in', async ({
  page,
  app,
}) => {
  const member = await signUpByApi(page.request, app);
  await page.context().clearCookies();

  await page.goto('/settings/security?tab=x&noLogin=1');
  await expect(page).toHaveURL('/login?redi=%2Fsettings%2Fsecurity%3Ftab%3Dx');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');

  await submitLoginForm(page, member.username, member.password);
  await expect(page).toHaveURL('/settings/security?tab=x');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
});

test.describe('a return path to another site is ignored: after login the member lands on /home', () => {
  for (const redi of ['//evil.example/x', 'https://evil.example']) {
    test(`/login?redi=${redi}`, async ({ page, app }) => {
      const member = await signUpByApi(page.request, app);
      await page.context().clearCookies();
      const offSite: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).host !== new URL(app.url).host) offSite.push(request.url());
      });

      await page.goto(`/login?redi=${redi}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
      await submitLoginForm(page, member.email, member.password);
      await expect(page).toHaveURL('/home');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
      expect(offSite).toEqual([]);
    });
  }
});

test('a wrong password shows an error on the login form, and after 5 the account is locked for minutes', async ({
  page,
  app,
}) => {
  const member = await signUpByApi(page.request, app);
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');

  const alert = page.getByRole('alert');
  const loginAnswer = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/data/auth/login');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answered = loginAnswer();
    await submitLoginForm(page, member.username, `wrong password ${attempt}`);
    await answered;
    await expect(alert, `attempt ${attempt}`).toHaveText('Login failed. The username or email, or the password, is wrong.');
    await expect(page).toHaveURL('/login');
  }

  // Now even the right password is refused, with how long to wait.
  const answered = loginAnswer();
  await submitLoginForm(page, member.username, member.password);
  expect((await answered).status()).toBe(429);
  await expect(alert).toContainText('Too many failed attempts.');
  await expect(alert).toContainText(
    /This account is locked after too many wrong passwords\. Please try again in 1[45] minutes, or reset your password\./,
  );
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
});

test('/login/multi: a second account is added with its password, then the member switches between them without one', async ({
  page,
  request,
  app,
}) => {
  // B signs up elsewhere; A is the one signed in in this browser.
  const b = await signUpByApi(request, app, { prefix: 'bee', firstName: 'Bea' });
  const a = await signUpByApi(page.request, app, { prefix: 'ay', firstName: 'Ada' });

  await page.goto('/login/multi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your accounts');
  const accountRow = (username: string) => page.getByRole('listitem').filter({ hasText: `@${username}` });
  await expect(accountRow(a.username)).toContainText('Active');
  await expect(accountRow(b.username)).toHaveCount(0);

  await submitLoginForm(page, b.username, b.password, 'Add account');
  await expect(page).toHaveURL('/home');
  await expect(sideMenuName(page, 'Bea')).toBeVisible();

  await page.goto('/login/multi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your accounts');
  await expect(accountRow(a.username)).toBeVisible();
  await expect(accountRow(b.username)).toBeVisible();
  await expect(accountRow(b.username)).toContainText('Active');
  await expect(accountRow(a.username).getByRole('button', { name: `Switch to ${a.username}` })).toBeVisible();

  // Back to A: no password asked.
  await accountRow(a.username)
    .getByRole('button', { name: `Switch to ${a.username}` })
    .click();
  await expect(page).toHaveURL('/home');
  await expect(sideMenuName(page, 'Ada')).toBeVisible();
  await expect(sideMenu(page).getByText('Bea', { exact: true })).toHaveCount(0);

  // And to B again.
  await page.goto('/login/multi');
  await expect(accountRow(a.username)).toContainText('Active');
  await accountRow(b.username)
    .getByRole('button', { name: `Switch to ${b.username}` })
    .click();
  await expect(page).toHaveURL('/home');
  await expect(sideMenuName(page, 'Bea')).toBeVisible();
  await expect(sideMenu(page).getByText('Ada', { exact: true })).toHaveCount(0);
});
