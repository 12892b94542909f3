import { jest } from '@jest/globals';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { payrocRefundHash, payrocResponseHash } from './payroc-hash.js';
import { fromPayrocOrderId, toPayrocOrderId } from './payroc-order-id.js';
import { PayrocProvider } from './payroc.provider.js';

const SECRET = 'terminal-secret-0123456789';
const provider = new PayrocProvider(
  {
    terminalId: '3204004',
    secret: SECRET,
    pageUrl: 'https://payments.uat.payroc.com/merchant/paymentpage',
    gatewayUrl: 'https://payments.uat.payroc.com/merchant/xmlpayment',
    publicUrl: () => 'https://surfex.example',
  },
  () => new Date('2026-02-10T09:14:54.058Z'),
);
const order = { id: '6f1c2d3e-0000-4000-8000-000000000001', amountMinor: 1000, currency: 'USD', itemName: 'Plus' };

/** An answer as Payroc would send it, signed with `secret`. */
function answer(overrides: Record<string, string> = {}, secret = SECRET): Record<string, string> {
  const fields = {
    TERMINALID: '3204004',
    ORDERID: toPayrocOrderId(order.id),
    AMOUNT: '10.00',
    CURRENCY: 'USD',
    DATETIME: '10-02-2026:09:15:31:412',
    RESPONSECODE: 'A',
    RESPONSETEXT: 'APPROVAL',
    UNIQUEREF: 'REF123',
    ...overrides,
  };
  const hash = payrocResponseHash(
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
  return { ...fields, HASH: hash };
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('Payroc provider', () => {
  it('posts the order to the configured page with the documented fields and request hash', () => {
    const form = provider.createCheckout(order);
    expect(form.method).toBe('POST');
    expect(form.url).toBe('https://payments.uat.payroc.com/merchant/paymentpage');
    expect(form.fields).toMatchObject({
      TERMINALID: '3204004',
      ORDERID: toPayrocOrderId(order.id),
      AMOUNT: '10.00',
      CURRENCY: 'USD',
      DATETIME: '10-02-2026:09:14:54:058',
      RECEIPTPAGEURL: 'https://surfex.example/data/payment/hook/payroc/receipt',
      VALIDATIONURL: 'https://surfex.example/payment/hook/payroc/validation',
    });
    expect(form.fields.HASH).toMatch(/^[0-9a-f]{128}$/);
    expect(form.fields.ORDERID.length).toBeLessThanOrEqual(24);
    expect(provider.orderIdOf({ ORDERID: form.fields.ORDERID })).toBe(order.id);
    expect(fromPayrocOrderId(form.fields.ORDERID)).toBe(order.id);
  });

  it('accepts a genuine approval and a genuine decline', () => {
    expect(provider.verifyReturn(answer(), order)).toEqual({
      orderId: order.id,
      approved: true,
      providerRef: 'REF123',
      providerText: 'APPROVAL',
    });
    const declined = provider.verifyNotification(answer({ RESPONSECODE: 'D', RESPONSETEXT: 'DECLINED' }), order);
    expect(declined.approved).toBe(false);
  });

  it.each([
    ['A', 'APPROVAL', true],
    ['E', 'ACCEPTED', true],
    ['D', 'DECLINED', false],
    ['R', 'REFERRAL', false],
    ['C', 'PICK UP', false],
  ])('reads the documented RESPONSECODE %s (%s) as paid: %s', (code, text, paid) => {
    const result = provider.verifyNotification(answer({ RESPONSECODE: code, RESPONSETEXT: text }), order);
    expect(result).toMatchObject({ orderId: order.id, approved: paid, providerText: text });
  });

  it('reads an undocumented RESPONSECODE as not paid', () => {
    for (const code of ['', 'X', 'a', 'AE', 'constructor', 'toString']) {
      expect(provider.verifyReturn(answer({ RESPONSECODE: code }), order).approved).toBe(false);
    }
  });

  it('refuses a wrong or missing hash, and an answer signed with another secret', () => {
    expect(refusal(() => provider.verifyReturn({ ...answer(), HASH: 'f'.repeat(128) }, order))).toBe(
      ErrorCode.PaymentSignatureInvalid,
    );
    const { HASH: _dropped, ...unsigned } = answer();
    expect(refusal(() => provider.verifyReturn(unsigned, order))).toBe(ErrorCode.PaymentSignatureInvalid);
    expect(refusal(() => provider.verifyReturn(answer({}, 'another-secret-0123456'), order))).toBe(
      ErrorCode.PaymentSignatureInvalid,
    );
  });

  it('refuses a changed amount, order id or answer code after signing', () => {
    expect(refusal(() => provider.verifyReturn({ ...answer(), AMOUNT: '1.00' }, order))).toBe(ErrorCode.PaymentSignatureInvalid);
    expect(refusal(() => provider.verifyReturn({ ...answer(), ORDERID: 'other' }, order))).toBe(
      ErrorCode.PaymentSignatureInvalid,
    );
    expect(refusal(() => provider.verifyReturn({ ...answer({ RESPONSECODE: 'D' }), RESPONSECODE: 'A' }, order))).toBe(
      ErrorCode.PaymentSignatureInvalid,
    );
  });

  it("refuses a signed answer whose amount, currency or order is not this order's", () => {
    expect(refusal(() => provider.verifyReturn(answer({ AMOUNT: '1.00' }), order))).toBe(ErrorCode.PaymentMismatch);
    expect(refusal(() => provider.verifyReturn(answer({ CURRENCY: 'EUR' }), order))).toBe(ErrorCode.PaymentMismatch);
    expect(refusal(() => provider.verifyReturn(answer({ ORDERID: 'another-order' }), order))).toBe(ErrorCode.PaymentMismatch);
  });

  it('refuses an answer for an unknown terminal', () => {
    expect(refusal(() => provider.verifyReturn(answer({ TERMINALID: '9999999' }), order))).toBe(ErrorCode.PaymentUnknownTerminal);
  });
});

describe('Payroc refunds through the XML gateway', () => {
  afterEach(() => jest.restoreAllMocks());

  function gatewayAnswers(xml: string, status = 200) {
    return jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(xml, { status }));
  }

  it('posts a REFUND of the sale, its values escaped, signed over TERMINALID:UNIQUEREF:AMOUNT:DATETIME:SECRET', async () => {
    const fetch = gatewayAnswers(
      '<REFUNDRESPONSE><RESPONSECODE>A</RESPONSECODE><RESPONSETEXT>SUCCESS</RESPONSETEXT><UNIQUEREF>R&amp;1</UNIQUEREF></REFUNDRESPONSE>',
    );
    const result = await provider.refund(order, 'SALE<&>1');
    expect(result).toEqual({ refunded: true, providerRef: 'R&1', providerText: 'SUCCESS' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://payments.uat.payroc.com/merchant/xmlpayment');
    const body = String(init.body);
    expect(body).toContain('<UNIQUEREF>SALE&lt;&amp;&gt;1</UNIQUEREF>');
    expect(body).toContain('<AMOUNT>10.00</AMOUNT>');
    expect(body).toContain('<DATETIME>10-02-2026:09:14:54:058</DATETIME>');
    const hash = payrocRefundHash(
      { terminalId: '3204004', uniqueRef: 'SALE<&>1', amount: '10.00', dateTime: '10-02-2026:09:14:54:058' },
      SECRET,
    );
    expect(body).toContain(`<HASH>${hash}</HASH>`);
  });

  it('answers a declined refund as not made, and rejects an ERROR or a failed call', async () => {
    gatewayAnswers('<REFUNDRESPONSE><RESPONSECODE>D</RESPONSECODE><RESPONSETEXT>DECLINED</RESPONSETEXT></REFUNDRESPONSE>');
    expect(await provider.refund(order, 'SALE1')).toMatchObject({ refunded: false, providerText: 'DECLINED' });
    gatewayAnswers('<ERROR><ERRORCODE>E10</ERRORCODE><ERRORSTRING>INVALID TERMINALID</ERRORSTRING></ERROR>');
    await expect(provider.refund(order, 'SALE1')).rejects.toThrow('INVALID TERMINALID');
    gatewayAnswers('Bad gateway', 502);
    await expect(provider.refund(order, 'SALE1')).rejects.toThrow('502');
  });
});
