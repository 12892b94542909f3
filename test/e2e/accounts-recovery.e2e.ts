import { expect, test } from './account-fixtures.js';
import {
  linkPathIn,
  logOutThroughSideMenu,
  mailCountTo,
  newestMailTo,
  newMemberDetails,
  outboxMark,
  signUpByApi,
  sideMenuName,
  startUser,
  submitLoginForm,
} from './account-helpers.js';

test('a forgotten password is reset through the mailed link; then only the new password logs in', async ({ page, app }) => {
  const member = await signUpByApi(page.request, app, { firstName: 'Fay' });
  await page.context().clearCookies();
  const unknown = newMemberDetails('nobody').email;
  const since = await outboxMark(app);

  // The answer is the same for a known and an unknown address.
  await page.goto('/password/reset');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  const confirmation = page.getByRole('status').filter({ hasText: 'If an account exists' });
  const sent = (address: string) => `If an account exists for that address, we sent a link to ${address}. It works for one hour.`;

  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(confirmation).toHaveText(sent(member.email));

  await page.getByRole('button', { name: 'try another address' }).click();
  await page.getByLabel('Email').fill(unknown);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(confirmation).toHaveText(sent(unknown));
  expect(await mailCountTo(app, unknown)).toBe(0);

  // The link in the mail opens the form for the new password.
  const mail = await newestMailTo(app, member.email, since);
  const link = linkPathIn(mail.text_body, '/password/reset/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  const newPassword = `${member.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Save and log in' }).click();

  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
  await expect(toast).toContainText('Password changed');
  await expect(toast).toContainText('You are logged in with your new password.');
  await expect(sideMenuName(page, 'Fay')).toBeVisible();
  // The toast sits over the top right corner, where the visitor's Login button will be: close it.
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);

  // Log out, then the old password is refused and the new one works.
  await logOutThroughSideMenu(page);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
  await submitLoginForm(page, member.username, member.password);
  await expect(page.getByRole('alert')).toHaveText('Login failed. The username or email, or the password, is wrong.');
  await expect(page).toHaveURL('/login');

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(sideMenuName(page, 'Fay')).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another password');
  await page.getByLabel('New password again').fill('another password');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link not valid');
});

test('changing the email address mails the new address, and the change applies once its link is opened', async ({
  page,
  app,
}) => {
  const member = await signUpByApi(page.request, app);
  const newEmail = newMemberDetails('moved').email;

  await page.goto('/settings/changeEmail');
  await expect(page.getByRole('heading', { name: 'Email address', level: 2 })).toBeVisible();
  const current = page.getByText('Your address now:');
  await expect(current).toHaveText(`Your address now: ${member.email}`);

  const oldMails = await mailCountTo(app, member.email);
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByLabel('Your password').fill(member.password);
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a confirmation link' })).toHaveText(
    `We sent a confirmation link to ${newEmail}; your address changes when you open it.`,
  );

  // Nothing changes until the link is opened; the link went to the new address only.
  const mail = await newestMailTo(app, newEmail);
  expect(await mailCountTo(app, member.email)).toBe(oldMails);
  expect((await startUser(page))?.email).toBe(member.email);
  await expect(current).toHaveText(`Your address now: ${member.email}`);

  await page.goto(linkPathIn(mail.text_body, '/setup/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email address changed');
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is changed.' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/settings');

  expect((await startUser(page))?.email).toBe(newEmail);
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Email address', exact: true })
    .click();
  await expect(page).toHaveURL('/settings/changeEmail');
  await expect(current).toHaveText(`Your address now: ${newEmail}`);
});
