import { signUpByApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { expectPhoneReadyAndAccessible } from './helpers.js';

test('a visitor sees the landing page: how it works, live figures, pricing, the surf bar and questions, at 1366 and 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^The surf bar/ })).toBeVisible();

  // The figures and the prices are the server's: its cached public answer, shown as it is.
  const answer = await page.request.get('/data/landing');
  const facts = (await answer.json()).data as {
    members: number;
    viewsToday: number;
    pricing: { packs: { name: string }[]; levels: { name: string }[] };
  };
  const figures = page.getByTestId('landing-figures');
  await expect(figures).toContainText(`${facts.members.toLocaleString('en')}members`);
  await expect(figures).toContainText(`${facts.viewsToday.toLocaleString('en')}views credited today`);
  const pricing = page.getByRole('region', { name: 'Pricing' });
  expect(facts.pricing.packs.length).toBeGreaterThan(0);
  await expect(pricing.getByText(facts.pricing.packs[0].name, { exact: true })).toBeVisible();
  await expect(pricing.getByText(facts.pricing.levels[0].name, { exact: true })).toBeVisible();
  await expect(pricing).toContainText('Surfing is free');

  // The questions open from the keyboard.
  const question = page.getByText('Are the views real people?');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/checks for scripted clicks/)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await expectPhoneReadyAndAccessible(page);
});

test('a signed-in member who opens / lands on their dashboard', async ({ page, app }) => {
  await signUpByApi(page.request, app);
  await page.goto('/');
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toHaveCount(0);
});
