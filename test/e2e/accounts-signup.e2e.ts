import { expect, test } from './account-fixtures.js';
import {
  linkPathIn,
  logOutThroughSideMenu,
  mailCountTo,
  newestMailTo,
  newMemberDetails,
  pngImage,
  sideMenuName,
  signUpByApi,
  startUser,
} from './account-helpers.js';

test('a new member signs up, confirms the address from the mail, goes through onboarding and lands on the dashboard', async ({
  page,
  app,
}) => {
  const member = newMemberDetails('new', 'Robin');

  // Sign up through the form.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Onboarding starts at once; the banner asks to confirm the address and offers a resend.
  await expect(page).toHaveURL('/getStarted');
  await expect(page.getByText('Step 1 of 3: Your profile')).toBeVisible();
  const banner = page.getByRole('region', { name: 'Email confirmation' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`Please confirm your email address ${member.email}`);
  const resend = banner.getByRole('button', { name: 'Resend the mail' });
  await expect(resend).toBeVisible();

  // The signup mail was just sent, so an immediate resend is refused with the wait.
  await resend.click();
  await expect(banner.getByRole('status')).toHaveText(/^We just sent it\. Please try again in \d+ seconds?\.$/);
  expect(await mailCountTo(app, member.email)).toBe(1);

  // A minute later (moved back in the database) the resend goes out.
  const { rows } = await app.db.query('SELECT id FROM users WHERE username = $1', [member.username]);
  const userId: number = rows[0].id;
  await app.db.query(`UPDATE account_tokens SET created_at = created_at - interval '2 minutes' WHERE user_id = $1`, [userId]);
  await resend.click();
  await expect(banner.getByRole('status')).toHaveText('Sent. Please check your inbox.');
  await expect.poll(() => mailCountTo(app, member.email)).toBe(2);

  // Open the link in the newest confirmation mail.
  const mail = await newestMailTo(app, member.email);
  expect(mail.subject).toBe('Confirm your email address');
  const link = linkPathIn(mail.text_body, '/setup/');
  expect(link).toMatch(/^\/setup\/\d+\/[\w-]+$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email address confirmed');
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, your email address is confirmed.' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Continue: onboarding is not finished, so it comes back to step 1, still without the banner.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/getStarted');
  await expect(page.getByText('Step 1 of 3: Your profile')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Step 1: a picture and the first name.
  const picture = page.getByRole('img', { name: 'Your profile picture' });
  const placeholder = await picture.getAttribute('src');
  await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage(64) });
  await expect(page.getByText('Picture saved.')).toBeVisible();
  await expect(picture).not.toHaveAttribute('src', placeholder ?? '');
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue('Robin');
  await firstName.fill('Robyn');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: languages and interests, chosen on a phone's width by plain taps (no Ctrl-click list box).
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page).toHaveURL('/getStarted/2');
  await expect(page.getByText('Step 2 of 3: Languages and interests')).toBeVisible();
  const languages = page.getByRole('group', { name: 'Languages you read' });
  await languages.getByRole('checkbox', { name: 'English' }).click();
  await languages.getByRole('checkbox', { name: 'German' }).click();
  await languages.getByRole('checkbox', { name: 'French' }).click();
  // A second tap, or the chip's ×, takes one back out.
  await languages.getByRole('checkbox', { name: 'French' }).click();
  await expect(page.getByRole('button', { name: 'Remove French' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove English' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove German' })).toBeVisible();
  // The keyboard toggles a box too.
  await languages.getByRole('checkbox', { name: 'Spanish' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Remove Spanish' }).click();
  await expect(languages.getByRole('checkbox', { name: 'Spanish' })).not.toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const interest = page.getByRole('textbox', { name: 'Interests', exact: true });
  await interest.fill('cooking');
  await interest.press('Enter');
  await interest.fill('web design');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const interests = page.getByRole('list', { name: 'Your interests' });
  await expect(interests.getByRole('listitem')).toHaveText(['cooking×', 'web design×']);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: how credits work, then finish.
  await expect(page).toHaveURL('/getStarted/3');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('heading', { name: 'How earning credits works' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish and go to my dashboard' }).click();

  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(sideMenuName(page, 'Robyn')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Going back to onboarding remembers the choices.
  await page.goto('/getStarted/2');
  await expect(page.getByRole('button', { name: 'Remove English' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove German' })).toBeVisible();
  await expect(interests.getByRole('listitem')).toHaveText(['cooking×', 'web design×']);
  // And the dashboard stays open after a reload: onboarding is finished for good.
  await page.goto('/home');
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const user = await startUser(page);
  expect(user).toMatchObject({ first_name: 'Robyn', email: member.email, emailConfirmed: true, finishedGetStarted: true });
});

test('logging out from the side menu shows the visitor landing page, and /home then asks to log in', async ({ page, app }) => {
  const member = await signUpByApi(page.request, app, { firstName: 'Lou' });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(sideMenuName(page, 'Lou')).toBeVisible();

  await logOutThroughSideMenu(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  // The session is revoked on the server, not just forgotten by the page.
  const { rows } = await app.db.query('SELECT count(*)::int AS open FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
    member.id,
  ]);
  expect(rows[0].open).toBe(0);
  expect(await startUser(page)).toBeNull();

  await page.goto('/home');
  await expect(page).toHaveURL('/login?redi=%2Fhome');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
});
