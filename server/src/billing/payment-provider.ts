import type { CheckoutForm, PaymentProviderName } from '@shared/billing/billing.js';

/** What a provider knows of an order: enough to ask for the payment and to check the answer. */
export interface ProviderOrder {
  id: string;
  amountMinor: number;
  currency: string;
  itemName: string;
}

/** A provider's verified answer about one order. */
export interface PaymentResult {
  orderId: string;
  approved: boolean;
  /** The provider's own reference of the payment; the ledger key of what it buys. */
  providerRef: string | null;
  providerText: string;
}

/** The provider's answer to a refund: made or refused, its reference and its words. */
export interface RefundResult {
  refunded: boolean;
  providerRef: string;
  providerText?: string;
}

/** The answer's fields as they arrived (a query string or a form), before anything is trusted. */
export type ProviderFields = Record<string, string | undefined>;

/**
 * A payment provider: builds the form that takes the customer to its hosted page, and verifies
 * its answers (the customer's return to the receipt page, and the server-to-server notification)
 * before anything is changed. `verify*` throw an AppError with a payment code when the answer is
 * not genuine or not about this order as it was ordered.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(order: ProviderOrder): CheckoutForm;
  /** The order an answer names, read (untrusted) to load the order it must then match. */
  orderIdOf(fields: ProviderFields): string | null;
  verifyReturn(fields: ProviderFields, order: ProviderOrder): PaymentResult;
  verifyNotification(fields: ProviderFields, order: ProviderOrder): PaymentResult;
  refund(order: ProviderOrder, providerRef: string): Promise<RefundResult>;
}
