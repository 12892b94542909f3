import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { LocalProvider } from './local.provider.js';

const provider = new LocalProvider('local-secret-0123456789');
const order = { id: '6f1c2d3e-0000-4000-8000-000000000001', amountMinor: 1000, currency: 'USD', itemName: 'Plus' };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('local test provider', () => {
  it('sends the customer to its own page with a token that opens only that order', () => {
    const form = provider.createCheckout(order);
    expect(form).toMatchObject({ method: 'GET', url: '/data/payment/local/checkout', fields: { order: order.id } });
    expect(provider.isCheckoutToken(order.id, form.fields.token)).toBe(true);
    expect(provider.isCheckoutToken('6f1c2d3e-0000-4000-8000-000000000002', form.fields.token)).toBe(false);
  });

  it('verifies its own signed answers, approved or declined', () => {
    expect(provider.verifyReturn(provider.answer(order, true), order)).toMatchObject({
      approved: true,
      providerRef: expect.stringMatching(/^LOCAL-/),
    });
    expect(provider.verifyNotification(provider.answer(order, false), order).approved).toBe(false);
  });

  it('refuses a changed field, another secret, another terminal, or an answer for another amount', () => {
    const answer = provider.answer(order, false);
    expect(codeOf(() => provider.verifyReturn({ ...answer, RESPONSECODE: 'A' }, order))).toBe(ErrorCode.PaymentSignatureInvalid);
    expect(codeOf(() => provider.verifyReturn(new LocalProvider('another-secret-0123456').answer(order, true), order))).toBe(
      ErrorCode.PaymentSignatureInvalid,
    );
    expect(codeOf(() => provider.verifyReturn({ ...answer, TERMINALID: 'payroc' }, order))).toBe(
      ErrorCode.PaymentUnknownTerminal,
    );
    expect(codeOf(() => provider.verifyReturn(provider.answer({ ...order, amountMinor: 1 }, true), order))).toBe(
      ErrorCode.PaymentMismatch,
    );
  });
});
