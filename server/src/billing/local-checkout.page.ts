import { BILLING_ENDPOINTS } from '@shared/billing/billing.js';
import type { OrderRow } from './billing.repository.js';
import { payrocAmount } from './payroc-hash.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The local test provider's hosted page: what is being paid and two buttons, Approve and
 * Decline, each a plain form (no script), usable with the keyboard at phone width.
 */
export function localCheckoutPage(order: OrderRow, token: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const button = (decision: 'approve' | 'decline', label: string) =>
    `<form method="get" action="${BILLING_ENDPOINTS.localDecision}">${hidden('order', order.id)}${hidden('token', token)}` +
    `${hidden('decision', decision)}<button type="submit">${label}</button></form>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment</title></head>` +
    `<body><main><h1>Test payment</h1>` +
    `<p>No card is charged: this page stands in for the payment provider.</p>` +
    `<dl><dt>Item</dt><dd>${escapeHtml(order.item_name)}</dd>` +
    `<dt>Amount</dt><dd>${payrocAmount(order.amount_minor)} ${escapeHtml(order.currency)}</dd>` +
    `<dt>Order</dt><dd>${escapeHtml(order.id)}</dd></dl>` +
    `${button('approve', 'Approve payment')}${button('decline', 'Decline payment')}</main></body></html>`
  );
}
