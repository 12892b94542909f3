import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { jest } from '@jest/globals';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { BILLING_ENDPOINTS, REFUSED_ANSWER_PARAM, type Order } from '../../shared/billing/billing.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { PinoNestLogger } from '../../server/src/common/logging/pino-nest-logger.js';
import { payrocResponseHash } from '../../server/src/billing/payroc-hash.js';
import { toPayrocOrderId } from '../../server/src/billing/payroc-order-id.js';
import { signUp } from '../support/accounts.js';
import { checkout, purchaseRowsOf, rawGet, seededPack, storedOrder, withQuery } from '../support/billing-fixtures.js';
import { balanceOf, expectLedgerBalanced, ledgerMismatches } from '../support/surf-fixtures.js';
import { fetchRaw } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const TERMINAL = '3204004';
const SECRET = 'terminal-secret-for-tests-0123';

/** Billing through Payroc's Hosted Payment Page (test environment), its answers signed here as Payroc signs them. */
const testApp = useTestApp(
  {
    billing: {
      payroc: {
        terminalId: TERMINAL,
        secret: SECRET,
        testMode: true,
        pageUrl: 'https://payments.uat.payroc.com/merchant/paymentpage',
        gatewayUrl: 'https://payments.uat.payroc.com/merchant/xmlpayment',
      },
      local: { secret: 'local-secret-for-tests-0123' },
    },
  },
  { afterEach: ({ db }) => expectLedgerBalanced(db) },
);
const { db } = testApp;

/** Payroc's answer about an order, signed with `secret`. */
function payrocAnswer(order: Order, overrides: Record<string, string> = {}, secret = SECRET): Record<string, string> {
  const fields = {
    TERMINALID: TERMINAL,
    ORDERID: toPayrocOrderId(order.id),
    AMOUNT: `${Math.floor(order.amountMinor / 100)}.${String(order.amountMinor % 100).padStart(2, '0')}`,
    CURRENCY: order.currency,
    DATETIME: '10-02-2026:09:15:31:412',
    RESPONSECODE: 'A',
    RESPONSETEXT: 'APPROVAL',
    UNIQUEREF: `REF${order.id.slice(0, 8)}`,
    ...overrides,
  };
  const HASH = payrocResponseHash(
    {
      terminalId: fields.TERMINALID,
      orderId: fields.ORDERID,
      amount: fields.AMOUNT,
      dateTime: fields.DATETIME,
      responseCode: fields.RESPONSECODE,
      responseText: fields.RESPONSETEXT,
    },
    secret,
  );
  return { ...fields, HASH };
}

const receipt = (fields: Record<string, string>) => rawGet(testApp.baseUrl, withQuery(BILLING_ENDPOINTS.payrocReceipt, fields));
/** Payroc's background validation: a form posted server to server, without the app's XHR marker. */
const validation = (fields: Record<string, string>) =>
  fetchRaw(testApp.baseUrl, BILLING_ENDPOINTS.payrocValidation, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('billing through Payroc', () => {
  it("a checkout is a signed form for Payroc's test page with this app's receipt and validation addresses", async () => {
    const member = await signUp(testApp.baseUrl);
    const { order, checkout: form } = await checkout(member, 'pack', (await seededPack(db)).id);
    expect(order.provider).toBe('payroc');
    expect(form.method).toBe('POST');
    expect(form.url).toBe('https://payments.uat.payroc.com/merchant/paymentpage');
    expect(form.fields).toMatchObject({
      TERMINALID: TERMINAL,
      ORDERID: toPayrocOrderId(order.id),
      CURRENCY: order.currency,
      RECEIPTPAGEURL: `${testApp.config.publicUrl}${BILLING_ENDPOINTS.payrocReceipt}`,
      VALIDATIONURL: `${testApp.config.publicUrl}${BILLING_ENDPOINTS.payrocValidation}`,
    });
  });

  it('the receipt page credits a paid pack once, opened twice, and sends the customer to the outcome page', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order } = await checkout(member, 'pack', pack.id);
    const answer = payrocAnswer(order);
    for (let open = 0; open < 2; open++) {
      const page = await receipt(answer);
      expect(page.status).toBe(303);
      expect(page.headers.get('location')).toBe(`/upgrade/complete?order=${order.id}`);
    }
    expect(await validation(answer).then((r) => r.status)).toBe(200);
    expect(await purchaseRowsOf(db, member.id)).toEqual([
      { amount: pack.credits, idempotency_key: `purchase:payroc:${answer.UNIQUEREF}` },
    ]);
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + pack.credits);
    expect(await storedOrder(db, order.id)).toEqual({ state: 'paid', provider_ref: answer.UNIQUEREF });
  });

  it('a declined answer settles the order as declined for good: a later approval changes nothing', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order } = await checkout(member, 'pack', (await seededPack(db)).id);
    expect((await receipt(payrocAnswer(order, { RESPONSECODE: 'D', RESPONSETEXT: 'DECLINED', UNIQUEREF: 'DECL1' }))).status).toBe(
      303,
    );
    expect((await validation(payrocAnswer(order))).status).toBe(200);
    expect((await storedOrder(db, order.id)).state).toBe('declined');
    expect(await purchaseRowsOf(db, member.id)).toEqual([]);
  });

  it('a China UnionPay payment accepted for later processing (RESPONSECODE E) pays the order: the customer was charged', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order } = await checkout(member, 'pack', pack.id);
    const answer = payrocAnswer(order, { RESPONSECODE: 'E', RESPONSETEXT: 'ACCEPTED' });
    expect((await validation(answer)).status).toBe(200);
    expect(await storedOrder(db, order.id)).toEqual({ state: 'paid', provider_ref: answer.UNIQUEREF });
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + pack.credits);
  });

  it.each([
    ['R', 'REFERRAL'],
    ['C', 'PICK UP'],
  ])('a referral or pick-up answer (RESPONSECODE %s) declines the order and credits nothing', async (code, text) => {
    const member = await signUp(testApp.baseUrl);
    const { order } = await checkout(member, 'pack', (await seededPack(db)).id);
    expect((await receipt(payrocAnswer(order, { RESPONSECODE: code, RESPONSETEXT: text }))).status).toBe(303);
    expect((await storedOrder(db, order.id)).state).toBe('declined');
    expect(await purchaseRowsOf(db, member.id)).toEqual([]);
  });

  it('an approval that arrives after the order expired still pays it: the customer was charged', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order } = await checkout(member, 'pack', pack.id);
    await db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [order.id]);
    expect((await member.browser.get<Order>(BILLING_ENDPOINTS.order(order.id))).body.data!.state).toBe('expired');
    expect((await validation(payrocAnswer(order))).status).toBe(200);
    expect((await storedOrder(db, order.id)).state).toBe('paid');
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + pack.credits);
  });

  it('refuses forged answers with a clear code, logged, and changes nothing', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    const { order } = await checkout(member, 'pack', pack.id);
    const { order: otherOrder } = await checkout(await signUp(testApp.baseUrl), 'pack', pack.id);
    const genuine = payrocAnswer(order);
    const attempts: [string, Record<string, string>, string][] = [
      ['a wrong hash', { ...genuine, HASH: 'a'.repeat(128) }, ErrorCode.PaymentSignatureInvalid],
      [
        'no hash',
        Object.fromEntries(Object.entries(genuine).filter(([name]) => name !== 'HASH')),
        ErrorCode.PaymentSignatureInvalid,
      ],
      ['another secret', payrocAnswer(order, {}, 'not-the-terminal-secret-000'), ErrorCode.PaymentSignatureInvalid],
      ['a changed amount', { ...genuine, AMOUNT: '0.01' }, ErrorCode.PaymentSignatureInvalid],
      ['a signed other amount', payrocAnswer(order, { AMOUNT: '0.01' }), ErrorCode.PaymentMismatch],
      ['a signed other currency', payrocAnswer(order, { CURRENCY: 'EUR' }), ErrorCode.PaymentMismatch],
      ["another member's order id", { ...genuine, ORDERID: toPayrocOrderId(otherOrder.id) }, ErrorCode.PaymentSignatureInvalid],
      ['an unknown order id', payrocAnswer({ ...order, id: '00000000-0000-4000-8000-000000000000' }), ErrorCode.PaymentMismatch],
      ['an unknown terminal', payrocAnswer(order, { TERMINALID: '9999999' }), ErrorCode.PaymentUnknownTerminal],
    ];
    const warnings = jest.spyOn(PinoNestLogger.prototype, 'warn');
    for (const [what, fields, code] of attempts) {
      // Without a HASH the receipt address is the app's receipt page (a visitor may open it): shown, nothing settled.
      const routes = 'HASH' in fields ? [receipt, validation] : [validation];
      for (const answer of routes) {
        const response = await answer(fields);
        if (answer === receipt) {
          // The customer's browser goes back to the receipt page, which says the answer was refused (with its code).
          expect({ what, status: response.status, location: response.headers.get('location') }).toEqual({
            what,
            status: 303,
            location: `${BILLING_ENDPOINTS.payrocReceipt}?${REFUSED_ANSWER_PARAM}=${code}`,
          });
          continue;
        }
        const body = (await response.json()) as { errors: { code: string }[] };
        expect({ what, status: response.status >= 400 && response.status < 500, code: body.errors[0]?.code }).toEqual({
          what,
          status: true,
          code,
        });
      }
    }
    const refusals = warnings.mock.calls
      .map(([message]) => String(message))
      .filter((line) => line.startsWith('refused a payroc'));
    warnings.mockRestore();
    expect(refusals).toHaveLength(attempts.length * 2 - 1);
    const page = await receipt(Object.fromEntries(Object.entries(genuine).filter(([name]) => name !== 'HASH')));
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(refusals).toContain(`refused a payroc return answer (${ErrorCode.PaymentUnknownTerminal}) for order ${order.id}`);
    expect(await storedOrder(db, order.id)).toEqual({ state: 'pending', provider_ref: null });
    expect(await storedOrder(db, otherOrder.id)).toEqual({ state: 'pending', provider_ref: null });
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('the receipt page and the background validation arriving together credit exactly once, 50 times over', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    for (let round = 0; round < 50; round++) {
      const { order } = await checkout(member, 'pack', pack.id);
      const answer = payrocAnswer(order);
      const [page, background] = await Promise.all([receipt(answer), validation(answer)]);
      expect([page.status, background.status]).toEqual([303, 200]);
      expect((await storedOrder(db, order.id)).state).toBe('paid');
    }
    expect(await purchaseRowsOf(db, member.id)).toHaveLength(50);
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + 50 * pack.credits);
    const { users, duplicateKeys } = await ledgerMismatches(db);
    expect({ users, duplicateKeys }).toEqual({ users: [], duplicateKeys: 0 });
  });

  it('`npm run ledger:verify` finds the whole database clean after the purchases', async () => {
    const cli = resolve('dist/server/src/credits/ledger-verify-cli.js');
    const report = await new Promise<{ code: number; ok: boolean }>((done) => {
      execFile(
        process.execPath,
        [cli],
        { env: { PATH: process.env.PATH, DATABASE_URL: testApp.database.url, LOG_LEVEL: 'silent' }, timeout: 20_000 },
        (error, stdout) => done({ code: error ? Number(error.code ?? -1) : 0, ok: JSON.parse(stdout || '{}').ok === true }),
      );
    });
    expect(report).toEqual({ code: 0, ok: true });
  });
});
