import type { APIRequestContext } from '@playwright/test';
import { expectPhoneReadyAndAccessible } from './helpers.js';
import { expect, openAs, test } from './realtime-helpers.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Buys the first pack as the member does and pays it on the local test page; answers the order id. */
async function paidPack(request: APIRequestContext): Promise<string> {
  const catalog = await (await request.get('/data/billing/catalog', { headers: XHR })).json();
  const bought = await request.post('/data/billing/checkout', {
    headers: XHR,
    data: { kind: 'pack', id: catalog.data.packs[0].id },
  });
  const { order, checkout } = (await bought.json()).data;
  const decided = await request.get(
    `/data/payment/local/decide?${new URLSearchParams({ ...checkout.fields, decision: 'approve' })}`,
    {
      maxRedirects: 0,
    },
  );
  await request.get(decided.headers().location, { maxRedirects: 0 });
  return order.id;
}

test.describe('the admin Payments tab', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('refunds a paid order with the keyboard after a confirmation, and lists what needs attention', async ({
    browser,
    app,
    admin,
    member,
  }) => {
    const memberContext = await browser.newContext({ baseURL: app.url, storageState: member.state });
    const kept = await paidPack(memberContext.request);
    const refunded = await paidPack(memberContext.request);
    // The member spends what the second pack bought, so its refund leaves a shortfall.
    await app.db.query(
      `WITH spent AS (UPDATE users SET credits = 0 WHERE id = $1 RETURNING id)
       INSERT INTO credit_ledger (user_id, account, kind, amount, idempotency_key)
       SELECT $1, 'user', 'admin_adjustment', -(SELECT credits FROM users WHERE id = $1), 'e2e-spend:' || $2
        WHERE (SELECT credits FROM users WHERE id = $1) > 0`,
      [member.id, refunded],
    );
    await memberContext.close();

    const page = await openAs(browser, app.url, admin, '/admin/payments');
    await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    const row = page.getByTestId('admin-order').filter({ hasText: refunded });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(member.username);

    // Escape cancels and gives focus back; Enter on the dialog's button refunds.
    const refund = row.getByRole('button', { name: /^Refund:/ });
    await refund.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(refund).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).focus();
    await page.keyboard.press('Enter');
    const notice = page.getByRole('region', { name: 'Payments' }).getByRole('status');
    await expect(notice).toBeFocused();
    await expect(notice).toContainText(`Refunded “`);
    await expect(notice).toContainText('Needs attention');
    // Every admin hears of the shortfall at once.
    await expect(page.locator('.toast').filter({ hasText: 'A reversed purchase needs attention' })).toBeVisible();
    await expect(row).toContainText('Refunded');
    await expect(row.getByRole('button')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption('shortfall');
    await expect(page).toHaveURL(/\/admin\/payments\?state=shortfall$/);
    await expect(page.getByTestId('admin-order').filter({ hasText: refunded })).toContainText('could not be taken back');
    await expect(page.getByTestId('admin-order').filter({ hasText: kept })).toHaveCount(0);

    await expectPhoneReadyAndAccessible(page);
    await page.context().close();
  });
});
