import { ErrorCode } from '../../shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type BillingCatalog, type CheckoutAnswer } from '../../shared/billing/billing.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { loadConfig } from '../../server/src/config/app-config.js';
import { LocalProvider } from '../../server/src/billing/local.provider.js';
import { signUp } from '../support/accounts.js';
import { purchaseRowsOf, rawGet, seededPack, storedOrder, withQuery } from '../support/billing-fixtures.js';
import { balanceOf, expectLedgerBalanced } from '../support/surf-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

/** The secret the local test provider signs with when none is set: published in the source. */
const PUBLISHED_LOCAL_SECRET = 'development-only-payment-secret';

/** A server started as production with no Payroc terminal: the configuration such a start loads. */
const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-0123' });
const testApp = useTestApp(
  { env: 'production', sessionSecret: production.sessionSecret, billing: production.billing },
  { afterEach: ({ db }) => expectLedgerBalanced(db) },
);
const { db } = testApp;

describe('billing in production without a payment provider', () => {
  it('has no local test payment routes: page, buttons and receipt answer as addresses the server does not have', async () => {
    const member = await signUp(testApp.baseUrl);
    const fields = { order: '6f1c2d3e-0000-4000-8000-000000000001', token: 'a'.repeat(64) };
    for (const path of [
      withQuery(BILLING_ENDPOINTS.localCheckout, fields),
      withQuery(BILLING_ENDPOINTS.localDecision, { ...fields, decision: 'approve' }),
      withQuery(BILLING_ENDPOINTS.localReceipt, { ORDERID: fields.order, RESPONSECODE: 'A' }),
    ]) {
      for (const browser of [member.browser, undefined]) {
        const answer = await rawGet(testApp.baseUrl, path, browser);
        expect({
          path,
          status: answer.status,
          code: ((await answer.json()) as { errors: { code: string }[] }).errors[0].code,
        }).toEqual({
          path,
          status: 404,
          code: ErrorCode.NotFound,
        });
      }
    }
  });

  it('a receipt forged with the published local secret mints nothing, even for a local order already on record', async () => {
    const member = await signUp(testApp.baseUrl);
    const pack = await seededPack(db);
    // A local order as a development start of the same database, or an older version, would have left it.
    const {
      rows: [order],
    } = await db.query(
      `INSERT INTO orders (user_id, kind, pack_id, item_name, credits, amount_minor, currency, provider, expires_at)
       VALUES ($1, 'pack', $2, 'Forged', $3, $4, $5, 'local', now() + interval '1 hour')
       RETURNING id, amount_minor AS "amountMinor", currency`,
      [member.id, pack.id, pack.credits, pack.priceMinor, pack.currency],
    );
    const forged = new LocalProvider(PUBLISHED_LOCAL_SECRET).answer({ ...order, itemName: 'Forged' }, true);
    const receipt = await rawGet(testApp.baseUrl, withQuery(BILLING_ENDPOINTS.localReceipt, forged), member.browser);
    expect(receipt.status).toBe(404);
    expect(receipt.headers.get('location')).toBeNull();
    expect((await storedOrder(db, order.id)).state).toBe('pending');
    expect(await purchaseRowsOf(db, member.id)).toEqual([]);
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('says buying is not available, and a checkout is refused with payments_unavailable without making an order', async () => {
    const member = await signUp(testApp.baseUrl);
    const catalog = await member.browser.get<BillingCatalog>(BILLING_ENDPOINTS.catalog);
    expect(catalog.status).toBe(200);
    expect(catalog.body.data!.buyingAvailable).toBe(false);
    expect(catalog.body.data!.packs.length).toBeGreaterThan(0);

    const pack = await seededPack(db);
    const { status, body } = await member.browser.post<CheckoutAnswer>(BILLING_ENDPOINTS.checkout, { kind: 'pack', id: pack.id });
    expect(status).toBe(409);
    expect(body.errors.map((error) => error.code)).toEqual([ErrorCode.PaymentsUnavailable]);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [member.id]);
    expect(rows[0].n).toBe(0);
  });
});
