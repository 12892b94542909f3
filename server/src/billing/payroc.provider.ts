import { Logger } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type CheckoutForm } from '@shared/billing/billing.js';
import type { PaymentProvider, PaymentResult, ProviderFields, ProviderOrder, RefundResult } from './payment-provider.js';
import { paymentRefused } from './payment-errors.js';
import { fromPayrocOrderId, toPayrocOrderId } from './payroc-order-id.js';
import {
  hashesMatch,
  payrocAmount,
  payrocDateTime,
  payrocRefundHash,
  payrocRequestHash,
  payrocResponseHash,
} from './payroc-hash.js';

export interface PayrocSettings {
  terminalId: string;
  secret: string;
  /** The Hosted Payment Page: Payroc's test environment or live (a setting). */
  pageUrl: string;
  /** The XML gateway refunds are posted to: Payroc's test environment or live (a setting). */
  gatewayUrl: string;
  /** The address customers reach this app at (read when used: it is known once the server listens). */
  publicUrl: () => string;
}

/**
 * The Hosted Payment Page's documented RESPONSECODE values and whether the customer was charged:
 * A approved; E accepted for later processing (China UnionPay: the payment is taken, its
 * settlement comes later); D declined; R referral (the issuer wants a call; not approved); C
 * pick up the card (not approved). A code outside this list is read as not paid, and logged.
 */
export const PAYROC_SALE_CODES = { A: true, E: true, D: false, R: false, C: false } as const;

/** The XML gateway's code of a refund made; every other code is a refund not made. */
const REFUND_APPROVED = 'A';

/** How long a refund waits for Payroc's gateway before it counts as failed. */
const REFUND_TIMEOUT_MS = 20_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xmlElement(name: string, value: string): string {
  return `<${name}>${value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c])}</${name}>`;
}

const XML_UNESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first element of that name in a flat XML answer, or null when there is none. */
function xmlText(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? match[1].replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => XML_UNESCAPES[entity]) : null;
}

/** Whether a signed sale answer's RESPONSECODE means the customer paid (PAYROC_SALE_CODES). */
export function salePaid(code: string): boolean {
  return Object.hasOwn(PAYROC_SALE_CODES, code) && PAYROC_SALE_CODES[code as keyof typeof PAYROC_SALE_CODES];
}

/**
 * Payroc's Hosted Payment Page. The request posts TERMINALID, ORDERID (the order's UUID in base
 * 62: Payroc takes 24 characters at most), AMOUNT, CURRENCY, DATETIME, RECEIPTPAGEURL,
 * VALIDATIONURL and the request HASH; both answers (the customer's return, as a query, and the
 * background validation, posted as a form) carry the response fields and the response HASH.
 */
export class PayrocProvider implements PaymentProvider {
  readonly name = 'payroc' as const;
  private readonly logger = new Logger('Payroc');

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

  /**
   * Refunds the whole payment through Payroc's XML gateway: a REFUND request naming the sale by
   * its UNIQUEREF, signed with the terminal secret. The answer comes over the HTTPS connection
   * the app opened, so it is read as is: a REFUNDRESPONSE with code A is a refund made, anything
   * else (another code, an ERROR, no answer in time) is not, and rejects.
   */
  async refund(order: ProviderOrder, providerRef: string): Promise<RefundResult> {
    const fields = {
      terminalId: this.settings.terminalId,
      uniqueRef: providerRef,
      amount: payrocAmount(order.amountMinor),
      dateTime: payrocDateTime(this.now()),
    };
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<REFUND>` +
      xmlElement('UNIQUEREF', fields.uniqueRef) +
      xmlElement('TERMINALID', fields.terminalId) +
      xmlElement('AMOUNT', fields.amount) +
      xmlElement('DATETIME', fields.dateTime) +
      xmlElement('HASH', payrocRefundHash(fields, this.settings.secret)) +
      xmlElement('OPERATOR', 'admin') +
      xmlElement('REASON', 'Refunded by an administrator') +
      `</REFUND>`;
    const response = await fetch(this.settings.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body,
      signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(`Payroc's gateway answered ${response.status}`);
    const error = xmlText(answer, 'ERRORSTRING');
    if (error !== null || !/<REFUNDRESPONSE>/.test(answer))
      throw new Error(`Payroc refused the refund: ${error ?? 'unreadable answer'}`);
    const code = xmlText(answer, 'RESPONSECODE');
    const text = xmlText(answer, 'RESPONSETEXT') ?? '';
    if (code !== REFUND_APPROVED) return { refunded: false, providerRef, providerText: text };
    return { refunded: true, providerRef: xmlText(answer, 'UNIQUEREF') ?? providerRef, providerText: text };
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
    if (!Object.hasOwn(PAYROC_SALE_CODES, signed.responseCode)) {
      this.logger.warn(
        `order ${order.id}: Payroc answered the undocumented RESPONSECODE "${signed.responseCode}", read as not paid`,
      );
    }
    return {
      orderId: order.id,
      approved: salePaid(signed.responseCode),
      providerRef: fields.UNIQUEREF || null,
      providerText: signed.responseText,
    };
  }
}
