import type { Page } from '@playwright/test';
import { appFixture, type AppUnderTest } from './fixtures.js';
import { expectPhoneReadyAndAccessible } from './helpers.js';
import { expect, openAs, test as base } from './realtime-helpers.js';

/** A server of its own: the seeded prices change here, and other files' workers expect them as seeded. */
const test = base.extend<object, { app: AppUnderTest }>({ app: appFixture({}, 'e2eprice') });

test.use({ viewport: { width: 375, height: 740 } });

test('an admin changes a pack’s price under Settings → Pricing, and the member’s billing page shows the new price', async ({
  browser,
  app,
  admin,
  member,
}) => {
  const memberPage = await openAs(browser, app.url, member, '/billing');
  const starterFor = (page: Page) =>
    page.getByTestId('billing-pack').filter({ has: page.getByRole('heading', { name: 'Starter' }) });
  await expect(starterFor(memberPage)).toContainText('$5.00');

  const page = await openAs(browser, app.url, admin, '/admin/settings');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/pricing$/);
  const packs = page.getByTestId('pricing-packs');
  await expect(packs.getByRole('heading', { level: 2, name: 'Credit packs' })).toBeVisible();
  await expect(page.getByTestId('pricing-levels').getByRole('row', { name: /Silver/ })).toContainText('For sale');
  await expect(packs).toContainText('orders refer to them');
  await expectPhoneReadyAndAccessible(page);

  // By keyboard: the Edit button opens the row's form and its heading takes the focus.
  await packs.getByRole('button', { name: 'Edit Starter' }).focus();
  await page.keyboard.press('Enter');
  const formHeading = packs.getByRole('heading', { level: 3, name: 'Edit “Starter”' });
  await expect(formHeading).toBeFocused();
  const price = packs.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('5.00');

  // A price of nothing is refused beside its field, and nothing is saved.
  await price.fill('0');
  await packs.getByRole('button', { name: 'Save changes' }).click();
  await expect(price).toBeFocused();
  await expect(packs.getByText('The price must be more than 0.')).toBeVisible();
  await expectPhoneReadyAndAccessible(page);

  await price.fill('6.00');
  await expect(packs.getByText('Members see $6.00.')).toBeVisible();
  await packs.getByRole('button', { name: 'Save changes' }).click();
  await expect(packs.getByRole('status').filter({ hasText: 'Saved “Starter”.' })).toBeFocused();
  await expect(packs.getByRole('row', { name: /Starter/ })).toContainText('$6.00');
  await expect(formHeading).toHaveCount(0);

  await memberPage.reload();
  await expect(starterFor(memberPage)).toContainText('$6.00');
  await expect(starterFor(memberPage)).toContainText('$0.006 per credit');

  const { rows } = await app.db.query(`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'credit_pack_updated'`);
  expect(rows[0].n).toBe(1);
  await memberPage.context().close();
  await page.context().close();
});

test('an admin adds a level and takes a pack off sale: the billing page follows', async ({ browser, app, admin, member }) => {
  const page = await openAs(browser, app.url, admin, '/admin/settings/pricing');
  const levels = page.getByTestId('pricing-levels');
  await levels.getByRole('button', { name: 'Add a level' }).click();
  await expect(levels.getByRole('heading', { level: 3, name: 'Add a membership level' })).toBeFocused();
  const fields: [string, string][] = [
    ['Name', 'Bronze'],
    ['Price', '3'],
    ['Credits per view', '1'],
    ['Surf timer (seconds)', '14'],
    ['Daily earning cap (credits)', '700'],
    ['Campaigns running at once', '30'],
    ['Monthly credits', '100'],
    ['Period (days)', '30'],
  ];
  for (const [label, value] of fields) await levels.getByLabel(label, { exact: true }).fill(value);
  await expectPhoneReadyAndAccessible(page);
  await levels.getByRole('button', { name: 'Add membership level' }).click();
  await expect(levels.getByRole('status').filter({ hasText: 'Added “Bronze”.' })).toBeFocused();
  await expect(levels.getByRole('row', { name: /Bronze/ })).toContainText('$3.00 / 30 days');

  const packs = page.getByTestId('pricing-packs');
  await packs.getByRole('button', { name: 'Edit Mega' }).click();
  await packs.getByRole('checkbox', { name: /For sale/ }).uncheck();
  await packs.getByRole('button', { name: 'Save changes' }).click();
  await expect(packs.getByRole('status').filter({ hasText: 'Saved “Mega”, not for sale.' })).toBeFocused();
  await expect(packs.getByRole('row', { name: /Mega/ })).toContainText('Not for sale');

  const memberPage = await openAs(browser, app.url, member, '/billing');
  await expect(memberPage.getByTestId('billing-level').filter({ hasText: 'Bronze' })).toBeVisible();
  await expect(memberPage.getByTestId('billing-pack')).toHaveCount(3);
  await expect(memberPage.getByRole('heading', { name: 'Mega' })).toHaveCount(0);
  await memberPage.context().close();
  await page.context().close();
});
