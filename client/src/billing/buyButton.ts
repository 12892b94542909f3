import type { BillingCatalog, PurchaseKind } from '@shared/billing/billing.js';

/** Which purchase is being opened (`<kind>:<id>`), one at a time. */
export const purchaseKey = (kind: PurchaseKind, id: number) => `${kind}:${id}`;

/**
 * The words of an item's Buy button, or null when the server takes no payments: then the item is
 * shown without one, as nothing could be bought with it.
 */
export function buyButtonLabel(
  { buyingAvailable }: Pick<BillingCatalog, 'buyingAvailable'>,
  pending: string | null,
  kind: PurchaseKind,
  item: { id: number; name: string },
): string | null {
  if (!buyingAvailable) return null;
  return pending === purchaseKey(kind, item.id) ? 'Opening the payment page…' : `Buy ${item.name}`;
}
