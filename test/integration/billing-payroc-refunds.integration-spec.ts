import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { BILLING_ADMIN_ENDPOINTS, BILLING_ENDPOINTS, type AdminOrder, type Order } from '../../shared/billing/billing.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { payrocRefundHash, payrocResponseHash } from '../../server/src/billing/payroc-hash.js';
import { toPayrocOrderId } from '../../server/src/billing/payroc-order-id.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { checkout, rawGet, seededPack, storedOrder, withQuery } from '../support/billing-fixtures.js';
import { balanceOf, expectLedgerBalanced } from '../support/surf-fixtures.js';
import { serverErrors } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

const TERMINAL = '3204004';
const SECRET = 'terminal-secret-for-tests-0123';
const ADMIN_EMAIL = 'refunds-boss@example.test';

/** What the stand-in gateway answers next: an approval, a decline, an ERROR, or the connection dropped. */
type GatewayMode = 'approve' | 'decline' | 'error' | 'hang-up';

/**
 * A stand-in for Payroc's XML gateway on 127.0.0.1: it keeps every request body it receives and
 * answers as `mode` says.
 */
const gateway = {
  mode: 'approve' as GatewayMode,
  /** How long the gateway takes to answer. */
  delayMs: 0,
  requests: [] as string[],
};
const server = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => setTimeout(() => answer(body), gateway.delayMs));
  const answer = (body: string) => {
    gateway.requests.push(body);
    if (gateway.mode === 'hang-up') {
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/xml' });
    if (gateway.mode === 'error') {
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><ERROR><ERRORCODE>E13</ERRORCODE><ERRORSTRING>INVALID HASH</ERRORSTRING></ERROR>',
      );
      return;
    }
    const approved = gateway.mode === 'approve';
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><REFUNDRESPONSE><RESPONSECODE>${approved ? 'A' : 'D'}</RESPONSECODE>` +
        `<RESPONSETEXT>${approved ? 'SUCCESS' : 'DECLINED'}</RESPONSETEXT><UNIQUEREF>RFND${gateway.requests.length}</UNIQUEREF>` +
        `<DATETIME>10-02-2026:09:15:31:412</DATETIME><HASH>unused</HASH></REFUNDRESPONSE>`,
    );
  };
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/merchant/xmlpayment`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Refunds through Payroc's XML gateway (a stand-in), orders paid with answers signed here as Payroc signs them. */
const testApp = useTestApp(
  {
    adminEmail: ADMIN_EMAIL,
    billing: {
      payroc: {
        terminalId: TERMINAL,
        secret: SECRET,
        testMode: true,
        pageUrl: 'https://payments.uat.payroc.com/merchant/paymentpage',
        gatewayUrl,
      },
      local: { secret: 'local-secret-for-tests-0123' },
    },
  },
  { afterEach: ({ db }) => expectLedgerBalanced(db) },
);
const { db } = testApp;
let admin: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: ADMIN_EMAIL });
});

beforeEach(() => {
  gateway.mode = 'approve';
  gateway.delayMs = 0;
  gateway.requests.length = 0;
});

/** Pays an order with Payroc's signed approval on the receipt page. */
async function pay(order: Order, uniqueRef: string): Promise<void> {
  const fields = {
    TERMINALID: TERMINAL,
    ORDERID: toPayrocOrderId(order.id),
    AMOUNT: `${Math.floor(order.amountMinor / 100)}.${String(order.amountMinor % 100).padStart(2, '0')}`,
    CURRENCY: order.currency,
    DATETIME: '10-02-2026:09:15:31:412',
    RESPONSECODE: 'A',
    RESPONSETEXT: 'APPROVAL',
    UNIQUEREF: uniqueRef,
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
    SECRET,
  );
  const page = await rawGet(testApp.baseUrl, withQuery(BILLING_ENDPOINTS.payrocReceipt, { ...fields, HASH }));
  expect(page.status).toBe(303);
}

async function paidPack(uniqueRef: string): Promise<{ member: TestMember; order: Order; credits: number }> {
  const member = await signUp(testApp.baseUrl);
  const pack = await seededPack(db);
  const { order } = await checkout(member, 'pack', pack.id);
  await pay(order, uniqueRef);
  return { member, order, credits: pack.credits };
}

/** The text of one element of the XML the gateway received. */
function element(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

describe('refunds through Payroc’s XML gateway', () => {
  it('posts a signed REFUND of the sale and reverses the order once the gateway approves', async () => {
    const { member, order } = await paidPack('SALE-OK-1');
    const { status, body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.refund(order.id));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: 'refunded', shortfallCredits: 0 });
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);

    expect(gateway.requests).toHaveLength(1);
    const sent = gateway.requests[0];
    expect(sent).toContain('<REFUND>');
    const fields = {
      terminalId: element(sent, 'TERMINALID')!,
      uniqueRef: element(sent, 'UNIQUEREF')!,
      amount: element(sent, 'AMOUNT')!,
      dateTime: element(sent, 'DATETIME')!,
    };
    expect(fields).toMatchObject({
      terminalId: TERMINAL,
      uniqueRef: 'SALE-OK-1',
      amount: `${Math.floor(order.amountMinor / 100)}.${String(order.amountMinor % 100).padStart(2, '0')}`,
    });
    expect(fields.dateTime).toMatch(/^\d{2}-\d{2}-\d{4}:\d{2}:\d{2}:\d{2}:\d{3}$/);
    expect(element(sent, 'HASH')).toBe(payrocRefundHash(fields, SECRET));
    const { rows } = await db.query(`SELECT refund_ref FROM orders WHERE id = $1`, [order.id]);
    expect(rows[0].refund_ref).toBe('RFND1');
  });

  for (const mode of ['decline', 'error', 'hang-up'] as const) {
    it(`a gateway that ${mode === 'hang-up' ? 'cannot be reached' : `answers ${mode}`} changes nothing: 502 payment_provider_failed`, async () => {
      const { member, order, credits } = await paidPack(`SALE-${mode}`);
      gateway.mode = mode;
      const { status, body } = await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(order.id));
      expect(status).toBe(502);
      expect(body.errors[0].code).toBe(ErrorCode.PaymentProviderFailed);
      // The expected 502 of this call, not a fault of the server.
      expect(serverErrors.splice(0)).toHaveLength(1);
      expect(gateway.requests).toHaveLength(1);
      expect(await storedOrder(db, order.id)).toMatchObject({ state: 'paid', provider_ref: `SALE-${mode}` });
      expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + credits);
      const { rows } = await db.query(`SELECT reversed_at, refund_ref FROM orders WHERE id = $1`, [order.id]);
      expect(rows[0]).toEqual({ reversed_at: null, refund_ref: null });
    });
  }

  it('two refunds of one order at once ask the gateway once: the second is refused', async () => {
    const { member, order } = await paidPack('SALE-TWICE');
    gateway.delayMs = 300;
    const answers = await Promise.all([
      admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(order.id)),
      admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(order.id)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.errors[0].code).toBe(ErrorCode.OrderNotReversible);
    expect(gateway.requests).toHaveLength(1);
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('a chargeback never calls the gateway', async () => {
    const { order } = await paidPack('SALE-CB');
    const { status } = await admin.browser.post(BILLING_ADMIN_ENDPOINTS.chargeback(order.id));
    expect(status).toBe(200);
    expect(gateway.requests).toEqual([]);
  });
});
