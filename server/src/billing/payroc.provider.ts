import { ErrorCode } from '@shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type CheckoutForm } from '@shared/billing/billing.js';
import type { PaymentProvider, PaymentResult, ProviderFields, ProviderOrder, RefundResult } from './payment-provider.js';
import { paymentRefused } from './payment-errors.js';
import { fromPayrocOrderId, toPayrocOrderId } from './payroc-order-id.js';
import { hashesMatch, payrocAmount, payrocDateTime, payrocRequestHash, payrocResponseHash } from './payroc-hash.js';

export interface PayrocSettings {
  terminalId: string;
  secret: string;
  /** The Hosted Payment Page: Payroc's test environment or live (a setting). */
  pageUrl: string;
  /** The address customers reach this app at (read when used: it is known once the server listens). */
  publicUrl: () => string;
}

/** Payroc's answer code of an approved sale; every other code (D, R, C…) is not a payment. */
const APPROVED = 'A';

/**
 * Payroc's Hosted Payment Page. The request posts TERMINALID, ORDERID (the order's UUID in base
 * 62: Payroc takes 24 characters at most), AMOUNT, CURRENCY, DATETIME, RECEIPTPAGEURL,
 * VALIDATIONURL and the request HASH; both answers (the customer's return, as a query, and the
 * background validation, posted as a form) carry the response fields and the response HASH.
 */
export class PayrocProvider implements PaymentProvider {
  readonly name = 'payroc' as const;

  constructor(
    private readonly settings: PayrocSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  createCheckout(order: ProviderOrder): CheckoutForm {
    const fields = {
      terminalId: this.settings.terminalId,
      orderId: toPayrocOrderId(order.id),
      amount: payrocAmount(order.amountMinor),
      dateTime: payrocDateTime(this.now()),
      receiptPageUrl: `${this.settings.publicUrl()}${BILLING_ENDPOINTS.payrocReceipt}`,
      validationUrl: `${this.settings.publicUrl()}${BILLING_ENDPOINTS.payrocValidation}`,
    };
    return {
      method: 'POST',
      url: this.settings.pageUrl,
      fields: {
        TERMINALID: fields.terminalId,
        ORDERID: fields.orderId,
        CURRENCY: order.currency,
        AMOUNT: fields.amount,
        DATETIME: fields.dateTime,
        DESCRIPTION: order.itemName,
        RECEIPTPAGEURL: fields.receiptPageUrl,
        VALIDATIONURL: fields.validationUrl,
        HASH: payrocRequestHash(fields, this.settings.secret),
      },
    };
  }

  orderIdOf(fields: ProviderFields): string | null {
    return fields.ORDERID ? fromPayrocOrderId(fields.ORDERID) : null;
  }

  verifyReturn(fields: ProviderFields, order: ProviderOrder): PaymentResult {
    return this.verify(fields, order);
  }

  verifyNotification(fields: ProviderFields, order: ProviderOrder): PaymentResult {
    return this.verify(fields, order);
  }

  /** Refunds go through Payroc's gateway API, which this app does not call yet. */
  refund(): Promise<RefundResult> {
    return Promise.reject(new Error('Payroc refunds are made in the Payroc Self-Care Portal'));
  }

  /**
   * The hash is checked first, over the values as they arrived, so nothing unsigned is read as
   * fact; then the signed values must be this order's own (order id, amount, currency).
   */
  private verify(fields: ProviderFields, order: ProviderOrder): PaymentResult {
    const terminalId = fields.TERMINALID ?? this.settings.terminalId;
    if (!hashesMatch(terminalId, this.settings.terminalId)) throw paymentRefused(ErrorCode.PaymentUnknownTerminal);
    const expectedAmount = payrocAmount(order.amountMinor);
    const signed = {
      terminalId,
      orderId: fields.ORDERID ?? '',
      amount: fields.AMOUNT ?? expectedAmount,
      dateTime: fields.DATETIME ?? '',
      responseCode: fields.RESPONSECODE ?? '',
      responseText: fields.RESPONSETEXT ?? '',
    };
    if (!fields.HASH || !hashesMatch(fields.HASH, payrocResponseHash(signed, this.settings.secret))) {
      throw paymentRefused(ErrorCode.PaymentSignatureInvalid);
    }
    const currency = fields.CURRENCY ?? order.currency;
    if (signed.orderId !== toPayrocOrderId(order.id) || signed.amount !== expectedAmount || currency !== order.currency) {
      throw paymentRefused(ErrorCode.PaymentMismatch);
    }
    const approved = signed.responseCode === APPROVED;
    return { orderId: order.id, approved, providerRef: fields.UNIQUEREF || null, providerText: signed.responseText };
  }
}
