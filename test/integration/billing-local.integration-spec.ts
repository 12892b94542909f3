import { ErrorCode } from '../../shared/api/error-codes.js';
import {
  BILLING_ENDPOINTS,
  type BillingCatalog,
  type BillingDetails,
  type MembershipAnswer,
  type Order,
  type OrderReceipt,
} from '../../shared/billing/billing.js';
import type { Paged } from '../../shared/accounts/account.answers.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { signUp, type TestMember } from '../support/accounts.js';
import {
  checkout,
  purchaseRowsOf,
  rawGet,
  seededLevel,
  seededPack,
  storedOrder,
  withQuery,
} from '../support/billing-fixtures.js';
import { eventually } from '../support/eventually.js';
import { balanceOf, expectLedgerBalanced } from '../support/surf-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

/** Billing with no Payroc terminal configured: the app's own test payment page; prices include a 20 % VAT. */
const testApp = useTestApp({ salesTax: { name: 'VAT', ratePercent: 20 } }, { afterEach: ({ db }) => expectLedgerBalanced(db) });
const { db } = testApp;

/** Pays (or declines) an order on the local page as the member's browser does, up to the outcome page. */
async function payOnLocalPage(member: TestMember, checkoutFields: Record<string, string>, decision: 'approve' | 'decline') {
  const { baseUrl } = testApp;
  const page = await rawGet(baseUrl, withQuery(BILLING_ENDPOINTS.localCheckout, checkoutFields), member.browser);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('Approve payment');
  const decided = await rawGet(
    baseUrl,
    withQuery(BILLING_ENDPOINTS.localDecision, { ...checkoutFields, decision }),
    member.browser,
  );
  expect(decided.status).toBe(303);
  const receiptPath = decided.headers.get('location')!;
  expect(receiptPath.startsWith(BILLING_ENDPOINTS.localReceipt)).toBe(true);
  const receipt = await rawGet(baseUrl, receiptPath);
  expect(receipt.status).toBe(303);
  return { receiptPath, completePath: receipt.headers.get('location')! };
}

describe('receipts', () => {
  it('print the buyer with the details they set, and the tax in the price; another member’s is not found', async () => {
    const [buyer, other] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const pack = await seededPack(db);
    const answer = await checkout(buyer, 'pack', pack.id);

    const tooLong = await buyer.browser.put(BILLING_ENDPOINTS.details, { company: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.map((error) => [error.code, error.field])).toEqual([['validation', 'company']]);
    const saved = await buyer.browser.put<BillingDetails>(BILLING_ENDPOINTS.details, {
      company: ' Acme Ltd ',
      address: '1 Main Street\nSpringfield',
      vatId: '',
    });
    expect(saved.body.data).toEqual({ company: 'Acme Ltd', address: '1 Main Street\nSpringfield', vatId: null });

    const { status, body } = await buyer.browser.get<OrderReceipt>(BILLING_ENDPOINTS.receipt(answer.order.id));
    expect(status).toBe(200);
    expect(body.data!.buyer).toEqual({
      name: 'Test',
      email: buyer.email,
      company: 'Acme Ltd',
      address: '1 Main Street\nSpringfield',
      vatId: null,
    });
    const taxMinor = Math.round((pack.priceMinor * 20) / 120);
    expect(body.data!.tax).toEqual({ name: 'VAT', ratePercent: 20, taxMinor, netMinor: pack.priceMinor - taxMinor });
    expect((await other.browser.get(BILLING_ENDPOINTS.receipt(answer.order.id))).status).toBe(404);
  });
});

describe('billing with the local test provider', () => {
  it('lists the seeded packs and levels with prices in minor units', async () => {
    const member = await signUp(testApp.baseUrl);
    const { status, body } = await member.browser.get<BillingCatalog>(BILLING_ENDPOINTS.catalog);
    expect(status).toBe(200);
    expect(body.data!.packs.length).toBeGreaterThan(0);
    expect(body.data!.levels.length).toBeGreaterThan(0);
    expect(body.data!.buyingAvailable).toBe(true);
    expect(body.data!.packs[0]).toEqual(
      expect.objectContaining({ credits: expect.any(Number), amountMinor: expect.any(Number), currency: 'USD' }),
    );
    expect(body.data!.levels[0]).toEqual(
      expect.objectContaining({
        creditsPerView: expect.any(Number),
        surfTimerSeconds: expect.any(Number),
        monthlyCredits: expect.any(Number),
      }),
    );
  });

  it('buys a pack: approved on the test page, the credits arrive once, even when the receipt page is opened twice', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order, checkout: form } = await checkout(member, 'pack', pack.id);
    expect(order).toMatchObject({ state: 'pending', provider: 'local', credits: pack.credits, amountMinor: pack.priceMinor });
    expect(form).toMatchObject({ method: 'GET', url: BILLING_ENDPOINTS.localCheckout });

    const { receiptPath, completePath } = await payOnLocalPage(member, form.fields, 'approve');
    expect(completePath).toBe(`/upgrade/complete?order=${order.id}`);
    const again = await rawGet(testApp.baseUrl, receiptPath);
    expect(again.status).toBe(303);

    await eventually(async () => expect(await purchaseRowsOf(db, member.id)).toHaveLength(1));
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + pack.credits);
    const { body } = await member.browser.get<Order>(BILLING_ENDPOINTS.order(order.id));
    expect(body.data).toMatchObject({ id: order.id, state: 'paid', providerRef: expect.stringMatching(/^LOCAL-/) });
    expect(body.data!.settledAt).not.toBeNull();
  });

  it('a declined payment credits nothing and the order says declined', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order, checkout: form } = await checkout(member, 'pack', pack.id);
    await payOnLocalPage(member, form.fields, 'decline');
    await eventually(async () => expect((await storedOrder(db, order.id)).state).toBe('declined'));
    expect(await purchaseRowsOf(db, member.id)).toEqual([]);
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('another member can neither read an order nor open its payment page', async () => {
    const owner = await signUp(testApp.baseUrl);
    const other = await signUp(testApp.baseUrl);
    const { order, checkout: form } = await checkout(owner, 'pack', (await seededPack(db)).id);
    const read = await other.browser.get(BILLING_ENDPOINTS.order(order.id));
    expect(read.status).toBe(404);
    expect(read.body.errors[0].code).toBe(ErrorCode.NotFound);
    const page = await rawGet(testApp.baseUrl, withQuery(BILLING_ENDPOINTS.localCheckout, form.fields), other.browser);
    expect(page.status).toBe(404);
    const decided = await rawGet(
      testApp.baseUrl,
      withQuery(BILLING_ENDPOINTS.localDecision, { ...form.fields, decision: 'approve' }),
      other.browser,
    );
    expect(decided.status).toBe(404);
    expect((await storedOrder(db, order.id)).state).toBe('pending');
  });

  it('refuses a tampered local answer with its code and changes nothing', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order, checkout: form } = await checkout(member, 'pack', pack.id);
    // The page's answer, taken without following it (and its background notification is for another order).
    const decided = await rawGet(
      testApp.baseUrl,
      withQuery(BILLING_ENDPOINTS.localDecision, { ...form.fields, decision: 'decline' }),
      member.browser,
    );
    const signed = Object.fromEntries(new URL(decided.headers.get('location')!, 'http://x').searchParams);
    await eventually(async () => expect((await storedOrder(db, order.id)).state).toBe('declined'));

    const second = await checkout(member, 'pack', pack.id);
    const attempts: [Record<string, string>, string][] = [
      [{ ...signed, ORDERID: second.order.id }, ErrorCode.PaymentSignatureInvalid],
      [{ ...signed, ORDERID: second.order.id, RESPONSECODE: 'A' }, ErrorCode.PaymentSignatureInvalid],
      [{ ...signed, TERMINALID: 'elsewhere' }, ErrorCode.PaymentUnknownTerminal],
      [{ ...signed, ORDERID: 'not-an-order' }, ErrorCode.PaymentMismatch],
    ];
    for (const [fields, code] of attempts) {
      const { status, body } = await member.browser.get(withQuery(BILLING_ENDPOINTS.localReceipt, fields));
      expect({ status: status >= 400 && status < 500, code: body.errors[0]?.code }).toEqual({ status: true, code });
    }
    expect((await storedOrder(db, second.order.id)).state).toBe('pending');
    expect(await purchaseRowsOf(db, member.id)).toEqual([]);
  });

  it('lists the member’s orders newest first, and a pending order past its time reads as expired', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const first = await checkout(member, 'pack', pack.id);
    const second = await checkout(member, 'pack', pack.id);
    await db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [first.order.id]);
    const { body } = await member.browser.get<Paged<Order>>(BILLING_ENDPOINTS.orders);
    expect(body.data!.total).toBe(2);
    expect(body.data!.items.map((o) => [o.id, o.state])).toEqual([
      [second.order.id, 'pending'],
      [first.order.id, 'expired'],
    ]);
  });

  it('a level purchase starts a membership; a second one extends it', async () => {
    const member = await signUp(testApp.baseUrl);
    const level = await seededLevel(db);
    const first = await checkout(member, 'level', level.id);
    await payOnLocalPage(member, first.checkout.fields, 'approve');
    const { body: answer } = await member.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership);
    const mine = answer.data!.me!;
    expect(mine).toMatchObject({ levelId: level.id, benefits: { creditsPerView: expect.any(Number) } });
    expect(answer.data!.team).toBeNull();
    const days = (Date.parse(mine.endsAt) - Date.parse(mine.startsAt)) / 86_400_000;
    expect(Math.round(days)).toBe(level.periodDays);

    const second = await checkout(member, 'level', level.id);
    await payOnLocalPage(member, second.checkout.fields, 'approve');
    const after = (await member.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!.me!;
    expect(after.endsAt).toBe(mine.endsAt);
    expect(Math.round((Date.parse(after.paidUntil) - Date.parse(mine.startsAt)) / 86_400_000)).toBe(2 * level.periodDays);
    // The first period's first month of credits came with its purchase; the queued period's come when it starts.
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + mine.benefits.monthlyCredits);
  });

  it('refuses a checkout of something not for sale with a clear 4xx', async () => {
    const member = await signUp(testApp.baseUrl);
    const missing = await member.browser.post(BILLING_ENDPOINTS.checkout, { kind: 'pack', id: 999_999 });
    expect(missing.status).toBe(404);
    const bad = await member.browser.post(BILLING_ENDPOINTS.checkout, { kind: 'gift', id: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe(ErrorCode.Validation);
  });
});
