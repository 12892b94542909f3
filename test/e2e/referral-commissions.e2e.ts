import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { signUpByApi } from './account-helpers.js';
import { appFixture, type AppUnderTest } from './fixtures.js';
import { expectConnected } from './realtime-helpers.js';

/** The local test payment page, 10% commissions held 30 days (the defaults). */
const test = base.extend<object, { app: AppUnderTest }>({
  app: appFixture({}, 'e2ecomm'),
  baseURL: async ({ app }, use) => use(app.url),
});

test.use({ viewport: { width: 375, height: 740 } });

/** The elements wider than the page, and the page's scroll width. */
async function pageWidth(page: Page): Promise<{ scrollWidth: number; overflowing: string[] }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    overflowing: Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
}

test('a referred member buys a pack: the referrer’s open referrals page shows the pending commission with its date, on a phone', async ({
  page,
  browser,
  app,
}) => {
  // The referrer keeps /referrals open in a browser of their own.
  const referrerContext = await browser.newContext({ baseURL: app.url, viewport: { width: 375, height: 740 } });
  try {
    const referrerPage = await referrerContext.newPage();
    const referrer = await signUpByApi(referrerPage.request, app, { prefix: 'referrer' });
    await referrerPage.goto('/referrals');
    await expect(referrerPage.getByRole('heading', { level: 1 })).toHaveText('Referrals');
    await expectConnected(referrerPage);
    const commissions = referrerPage.getByRole('region', { name: 'Commissions' });
    await expect(commissions.getByText('No commissions yet.')).toBeVisible();
    await expect(commissions).toContainText('When someone you referred buys credits or a membership, you earn 10%');

    // A visitor arrives through the referrer's link, signs up and buys the Starter pack.
    await page.goto(`/?dem_rf0=${referrer.username}`);
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'dem_rf0')).toBe(true);
    const buyer = await signUpByApi(page.request, app, { prefix: 'buyer' });
    await page.goto('/billing');
    const starter = page.getByTestId('billing-pack').filter({ has: page.getByRole('heading', { name: 'Starter' }) });
    await starter.getByRole('button', { name: 'Buy Starter' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();

    // Without a reload, the referrer sees it: 10% of 1,000 credits, pending until its date.
    const { rows } = await app.db.query(
      `SELECT c.matures_at FROM referral_commissions c JOIN users u ON u.id = c.referrer_id WHERE u.id = $1`,
      [referrer.id],
    );
    const matures = await referrerPage.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)),
      (rows[0].matures_at as Date).toISOString(),
    );
    const table = commissions.getByRole('table', { name: 'Commissions on purchases of members you referred' });
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Member', 'Purchase', 'Credits', 'Status']);
    const row = table.getByRole('row').filter({ has: referrerPage.getByRole('link', { name: buyer.username }) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('Starter');
    await expect(row.getByRole('cell').nth(3)).toHaveText('100');
    await expect(row.getByRole('cell').nth(4)).toHaveText(`Pending — matures ${matures}`);
    await expect(commissions.getByRole('definition').first()).toHaveText('100 credits');

    // It fits a phone, the member's link is reachable by keyboard, and axe finds nothing serious.
    const width = await pageWidth(referrerPage);
    expect(width.scrollWidth, `wider than the screen: ${width.overflowing.join(', ')}`).toBeLessThanOrEqual(375);
    const memberLink = row.getByRole('link', { name: buyer.username });
    await memberLink.focus();
    await expect(memberLink).toBeFocused();
    const { violations } = await new AxeBuilder({ page: referrerPage }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

    // After a reload it is still there.
    await referrerPage.reload();
    await expect(row.getByRole('cell').nth(4)).toHaveText(`Pending — matures ${matures}`);
  } finally {
    await referrerContext.close();
  }
});
