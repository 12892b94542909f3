import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { BILLING_ENDPOINTS, REFUSED_ANSWER_PARAM, type CheckoutAnswer } from '../../shared/billing/billing.js';
import { signUpByApi, XHR } from './account-helpers.js';
import { answeredConsent, appFixture, type AppUnderTest } from './fixtures.js';
import { openPage } from './helpers.js';
import { expectConnected, markWindow, openLivePage } from './realtime-helpers.js';

/** No Payroc terminal configured: checkout goes to the app's own test payment page. */
const test = base.extend<object, { app: AppUnderTest }>({
  app: appFixture({}, 'e2ebill'),
  baseURL: async ({ app }, use) => use(app.url),
  storageState: async ({ app }, use) => use(answeredConsent(app.url)),
});

const LEDGER_VERIFY_CLI = resolve('dist/server/src/credits/ledger-verify-cli.js');

/** `npm run ledger:verify` over this worker's database: every balance equals its ledger rows. */
async function expectLedgerVerified(app: AppUnderTest): Promise<void> {
  const { user, host, port, database } = app.db as unknown as { user: string; host: string; port: number; database: string };
  const url = `postgres://${encodeURIComponent(user)}@${host}:${port}/${database}`;
  const outcome = await new Promise<{ code: number; stdout: string }>((done) =>
    execFile(
      process.execPath,
      [LEDGER_VERIFY_CLI],
      { env: { PATH: process.env.PATH, DATABASE_URL: url, LOG_LEVEL: 'silent' } },
      (error, stdout) => done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout }),
    ),
  );
  expect(outcome, 'ledger:verify').toMatchObject({ code: 0 });
}

const creditCount = (page: Page) => page.getByTestId('credit-count');

test('buying a pack on the test page: the outcome page says paid, the header credits rise live, the receipt is in the payments', async ({
  page,
  app,
}) => {
  await signUpByApi(page.request, app, { prefix: 'buyer' });
  // A second tab of the member stays open on the dashboard: its header must follow without a reload.
  const watcher = await page.context().newPage();
  await openLivePage(watcher, '/home');
  await expect(creditCount(watcher)).toContainText('10 credits');
  const sameWindow = await markWindow(watcher);

  // The dashboard leads to the billing page.
  await openPage(page, '/home');
  await page.getByRole('link', { name: /Buy credits/ }).click();
  await expect(page).toHaveURL('/billing');
  const starter = page.getByTestId('billing-pack').filter({ has: page.getByRole('heading', { name: 'Starter' }) });
  await expect(starter).toContainText('1,000 credits');
  await expect(starter).toContainText('$5.00');
  await expect(starter).toContainText('$0.005 per credit');
  const silver = page.getByTestId('billing-level').filter({ has: page.getByRole('heading', { name: 'Silver' }) });
  await expect(silver.getByRole('row', { name: /Credits per view/ }).getByRole('cell')).toHaveText(['2 credits', '1 credit']);
  await expect(page.getByTestId('membership-summary')).toContainText('You: Free level, no membership');

  await starter.getByRole('button', { name: 'Buy Starter' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(/\/upgrade\/complete\?order=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText('1,000 credits were added to your balance.')).toBeVisible();
  await expect(creditCount(page)).toContainText('1,010 credits');
  await expect(creditCount(watcher)).toContainText('1,010 credits');
  await sameWindow();

  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(`/settings/payments/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipt');
  const receipt = page.getByRole('article', { name: `Receipt for order ${orderId}` });
  await expect(receipt).toContainText('Starter (1,000 credits)');
  await expect(receipt).toContainText('$5.00');
  await expect(receipt).toContainText('Paid');
  // The seller is the site; the buyer the member; no tax is configured here.
  await expect(receipt.getByTestId('receipt-seller')).toContainText('Surfex');
  await expect(receipt.getByTestId('receipt-buyer')).toContainText('@');
  await expect(receipt.getByTestId('receipt-tax')).toHaveText('No VAT charged');
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  // On paper the receipt stands alone: no menu, header or footer.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.member-header')).toBeHidden();
  await expect(page.locator('.footer')).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('link', { name: 'Back to your payments' }).click();
  await expect(page).toHaveURL('/settings/payments');
  // The member's company goes on their receipts once set.
  await page.getByLabel('Company (optional)').fill('Acme Ltd');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Saved: your receipts show these details.')).toBeVisible();
  const row = page.getByTestId('billing-order-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Starter (1,000 credits)');
  await expect(row.getByRole('cell').nth(2)).toHaveText('$5.00');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Paid');
  await row.getByRole('link', { name: /View/ }).click();
  await expect(page).toHaveURL(`/settings/payments/${orderId}`);

  await expectLedgerVerified(app);
});

test('a declined payment says so and offers to try again; nothing is credited', async ({ page, app }) => {
  await signUpByApi(page.request, app, { prefix: 'decliner' });
  await openPage(page, '/billing');
  await page.getByRole('button', { name: 'Buy Silver' }).click();
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
  await expect(creditCount(page)).toContainText('10 credits');
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL('/billing');
  await expect(page.getByTestId('membership-summary')).toContainText('You: Free level, no membership');

  await openPage(page, '/settings/payments');
  await expect(page.getByTestId('billing-order-row').getByRole('cell').nth(3)).toHaveText('Declined');
  await expectLedgerVerified(app);
});

test('a pending order waits for confirmation and turns paid live when the provider answers', async ({ page, app }) => {
  await signUpByApi(page.request, app, { prefix: 'waiter' });
  const made = await page.request.post(BILLING_ENDPOINTS.checkout, { headers: XHR, data: { kind: 'level', id: 1 } });
  expect(made.status()).toBe(200);
  const { order, checkout } = (await made.json()).data as CheckoutAnswer;

  await openPage(page, `/upgrade/complete?order=${order.id}`);
  await expectConnected(page);
  await expect(page.getByRole('heading', { name: 'Waiting for confirmation' })).toBeVisible();
  const sameWindow = await markWindow(page);

  // The provider's background answer settles the order while the customer looks at the page.
  const decided = await page.request.get(
    `${BILLING_ENDPOINTS.localDecision}?${new URLSearchParams({ ...checkout.fields, decision: 'approve' })}`,
    { maxRedirects: 0 },
  );
  expect(decided.status()).toBe(303);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(/You have the Silver level until/)).toBeVisible();
  await sameWindow();
  await expectLedgerVerified(app);
});

test('an order nobody paid in time reads as expired, with a way to start again, and so does its row', async ({ page, app }) => {
  await signUpByApi(page.request, app, { prefix: 'slow' });
  const made = await page.request.post(BILLING_ENDPOINTS.checkout, { headers: XHR, data: { kind: 'level', id: 2 } });
  const { order } = (await made.json()).data as CheckoutAnswer;
  await app.db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);

  await openPage(page, `/upgrade/complete?order=${order.id}`);
  await expect(page.getByRole('heading', { name: 'This order expired' })).toBeVisible();
  await expect(page.getByText('No payment arrived for Gold membership in time')).toBeVisible();
  await page.getByRole('link', { name: 'Start a new order' }).click();
  await expect(page).toHaveURL('/billing');
  await openPage(page, '/settings/payments');
  await expect(page.getByTestId('billing-order-row').getByRole('cell').nth(3)).toHaveText('Expired');
});

test('another member’s order, an unknown one or no order at all reads as not found, and shows nothing of it', async ({
  page,
  request,
  app,
}) => {
  // Someone else (a browser of their own) makes an order.
  await signUpByApi(request, app, { prefix: 'other' });
  const theirs = await request.post(BILLING_ENDPOINTS.checkout, { headers: XHR, data: { kind: 'pack', id: 4 } });
  expect(theirs.status()).toBe(200);
  const { order } = (await theirs.json()).data as CheckoutAnswer;

  await signUpByApi(page.request, app, { prefix: 'lost' });
  for (const id of [order.id, '6f1c2d3e-0000-4000-8000-000000000001', 'not-an-order']) {
    await openPage(page, `/upgrade/complete?order=${id}`);
    await expect(page.getByRole('heading', { name: 'We cannot find this order' })).toBeVisible();
  }
  await openPage(page, `/settings/payments/${order.id}`);
  await expect(page.getByText('We cannot find this order.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Mega');
  await expect(page.getByRole('main')).not.toContainText('$50.00');
});

test.describe('the billing page on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('Buy is reachable with the keyboard and opens the payment page', async ({ page, app }) => {
    await signUpByApi(page.request, app, { prefix: 'keys' });
    await openPage(page, '/billing');
    const buy = page.getByRole('button', { name: 'Buy Starter' });
    await buy.focus();
    await expect(buy).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  });
});

test('acting as a team, owners may buy for the team and analysts may not', async ({ browser, app }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const ownerContext = await browser.newContext({ baseURL: app.url });
  const analystContext = await browser.newContext({ baseURL: app.url });
  try {
    const owner = await ownerContext.newPage();
    const analyst = await analystContext.newPage();
    await signUpByApi(owner.request, app, { prefix: 'towner' });
    const analystMember = await signUpByApi(analyst.request, app, { prefix: 'tanalyst' });
    const created = await owner.request.post('/data/teams', { headers: XHR, data: { name: `Shop ${tag}` } });
    expect(created.status(), await created.text()).toBe(200);
    const teamId: number = (await created.json()).data.id;
    const invited = await owner.request.post(`/data/teams/${teamId}/invites`, {
      headers: XHR,
      data: { invitee: analystMember.username, role: 'analyst' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    expect((await analyst.request.post(`/data/teams/${teamId}/accept`, { headers: XHR })).status()).toBe(200);

    for (const page of [owner, analyst]) {
      await page.goto(`/settings/multiAccounts/${teamId}/members`);
      await page.getByRole('button', { name: 'Act as this team' }).click();
      await expect(page.getByText('You act as this team')).toBeVisible();
      // The current team lives in this tab (not stored on http): go on by links, without a reload.
      await page.getByRole('link', { name: 'Payments' }).click();
      await expect(page.getByTestId('membership-summary')).toContainText(`The team Shop ${tag}: Free level`);
      await page.getByRole('link', { name: 'Buy credits or a membership' }).click();
      await expect(page).toHaveURL('/billing');
      await expect(page.getByTestId('membership-summary')).toContainText(`The team Shop ${tag}:`);
    }

    await expect(analyst.getByRole('button', { name: 'Buy Starter' })).toBeVisible();
    await expect(analyst.getByRole('checkbox', { name: /Buy for the team/ })).toHaveCount(0);

    const forTeam = owner.getByRole('checkbox', { name: `Buy for the team Shop ${tag}`, exact: false });
    await forTeam.check();
    const checkout = owner.waitForRequest((request) => request.url().endsWith(BILLING_ENDPOINTS.checkout));
    await owner.getByRole('button', { name: 'Buy Starter' }).click();
    expect((await checkout).postDataJSON()).toEqual({ kind: 'pack', id: 1, forTeam: true });
    expect((await checkout).headers()['x-current-team']).toBe(String(teamId));
  } finally {
    await ownerContext.close();
    await analystContext.close();
  }
});

test('a pack taken off sale while the page is open: Buy says so, takes the focus and the list drops it', async ({
  page,
  app,
}) => {
  await signUpByApi(page.request, app, { prefix: 'late' });
  await openPage(page, '/billing');
  const mega = page.getByTestId('billing-pack').filter({ has: page.getByRole('heading', { name: 'Mega' }) });
  await expect(mega).toBeVisible();
  await app.db.query(`UPDATE credit_packs SET active = false WHERE name = 'Mega'`);
  try {
    await mega.getByRole('button', { name: 'Buy Mega' }).click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toHaveText('This pack or level is not for sale any more. The list below is up to date now.');
    await expect(refusal).toBeFocused();
    await expect(mega).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy Starter' })).toBeEnabled();
  } finally {
    await app.db.query(`UPDATE credit_packs SET active = true WHERE name = 'Mega'`);
  }
});

test("a forged answer at the provider's return address is refused on the receipt page, not as JSON", async ({ page }) => {
  await openPage(page, `${BILLING_ENDPOINTS.payrocReceipt}?ORDERID=1&AMOUNT=9.99&RESPONSECODE=A&HASH=${'a'.repeat(128)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await expect(page.getByRole('alert')).toContainText("We could not accept the payment provider's answer");
  await expect(page).toHaveURL(new RegExp(`\\?${REFUSED_ANSWER_PARAM}=\\w+$`));
});

test("the provider's return address without an answer says where the orders are", async ({ page, app }) => {
  await openPage(page, BILLING_ENDPOINTS.payrocReceipt);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/login?redi=%2Fsettings%2Fpayments');

  await signUpByApi(page.request, app, { prefix: 'returner' });
  await openPage(page, BILLING_ENDPOINTS.payrocReceipt);
  await page.getByRole('link', { name: 'your payments' }).click();
  await expect(page).toHaveURL('/settings/payments');
  await expect(page.getByText('You have not ordered anything yet.')).toBeVisible();
});
