import { createHmac, randomUUID } from 'node:crypto';
import { ErrorCode } from '@shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type CheckoutForm } from '@shared/billing/billing.js';
import type { PaymentProvider, PaymentResult, ProviderFields, ProviderOrder, RefundResult } from './payment-provider.js';
import { paymentRefused } from './payment-errors.js';
import { hashesMatch, payrocAmount } from './payroc-hash.js';

/** The terminal id the local provider signs as. */
export const LOCAL_TERMINAL = 'local';

const SIGNED_FIELDS = ['TERMINALID', 'ORDERID', 'AMOUNT', 'CURRENCY', 'DATETIME', 'RESPONSECODE', 'RESPONSETEXT', 'UNIQUEREF'];

/**
 * The offline test provider: a hosted page served by the app itself (/data/payment/local/checkout)
 * with Approve and Decline, whose answer has the shape of Payroc's and is signed with a local
 * secret (HMAC-SHA256), so development and the browser tests run the whole flow without a network.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly secret: string) {}

  createCheckout(order: ProviderOrder): CheckoutForm {
    return {
      method: 'GET',
      url: BILLING_ENDPOINTS.localCheckout,
      fields: { order: order.id, token: this.checkoutToken(order.id) },
    };
  }

  /** Lets whoever holds it answer the order on the local page (and only that order). */
  checkoutToken(orderId: string): string {
    return this.sign(`checkout:${orderId}`);
  }

  isCheckoutToken(orderId: string, token: string): boolean {
    return hashesMatch(token, this.checkoutToken(orderId));
  }

  /** The signed answer the local page sends back, as Payroc's would be. */
  answer(order: ProviderOrder, approved: boolean): Record<string, string> {
    const fields: Record<string, string> = {
      TERMINALID: LOCAL_TERMINAL,
      ORDERID: order.id,
      AMOUNT: payrocAmount(order.amountMinor),
      CURRENCY: order.currency,
      DATETIME: new Date().toISOString(),
      RESPONSECODE: approved ? 'A' : 'D',
      RESPONSETEXT: approved ? 'APPROVAL' : 'DECLINED',
      UNIQUEREF: `LOCAL-${randomUUID()}`,
    };
    return { ...fields, HASH: this.hashOf(fields) };
  }

  orderIdOf(fields: ProviderFields): string | null {
    return fields.ORDERID ?? null;
  }

  verifyReturn(fields: ProviderFields, order: ProviderOrder): PaymentResult {
    return this.verify(fields, order);
  }

  verifyNotification(fields: ProviderFields, order: ProviderOrder): PaymentResult {
    return this.verify(fields, order);
  }

  refund(_order: ProviderOrder, providerRef: string): Promise<RefundResult> {
    return Promise.resolve({ refunded: true, providerRef: `${providerRef}-REFUND` });
  }

  private verify(fields: ProviderFields, order: ProviderOrder): PaymentResult {
    if (fields.TERMINALID !== LOCAL_TERMINAL) throw paymentRefused(ErrorCode.PaymentUnknownTerminal);
    if (!fields.HASH || !hashesMatch(fields.HASH, this.hashOf(fields))) throw paymentRefused(ErrorCode.PaymentSignatureInvalid);
    if (fields.ORDERID !== order.id || fields.AMOUNT !== payrocAmount(order.amountMinor) || fields.CURRENCY !== order.currency) {
      throw paymentRefused(ErrorCode.PaymentMismatch);
    }
    return {
      orderId: order.id,
      approved: fields.RESPONSECODE === 'A',
      providerRef: fields.UNIQUEREF || null,
      providerText: fields.RESPONSETEXT ?? '',
    };
  }

  private hashOf(fields: ProviderFields): string {
    return this.sign(SIGNED_FIELDS.map((name) => fields[name] ?? '').join(':'));
  }

  private sign(value: string): string {
    return createHmac('sha256', this.secret).update(value, 'utf8').digest('hex');
  }
}
