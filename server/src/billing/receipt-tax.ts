import type { ReceiptTax } from '@shared/billing/billing.js';

/**
 * The tax included in a price at a rate in percent: the price is gross, so the tax is
 * price × rate / (100 + rate), rounded to the minor unit, and the net is the rest (the two always
 * add up to the price). Null when the site charges no tax.
 */
export function receiptTaxOf(amountMinor: number, tax: { name: string; ratePercent: number } | null): ReceiptTax | null {
  if (!tax) return null;
  const taxMinor = Math.round((amountMinor * tax.ratePercent) / (100 + tax.ratePercent));
  return { name: tax.name, ratePercent: tax.ratePercent, taxMinor, netMinor: amountMinor - taxMinor };
}
