import { ORDER_STATES, type OrderState } from '@shared/billing/billing.js';
import { pageParam } from '../../routing/pageParam.js';
import { ADMIN_PATHS } from '../adminPaths.js';

/** Which orders the Payments tab lists: all, one state, or those needing attention. */
export type PaymentsFilter = OrderState | 'shortfall' | '';

export const PAYMENTS_FILTERS: readonly { value: PaymentsFilter; label: string }[] = [
  { value: '', label: 'All orders' },
  { value: 'shortfall', label: 'Needs attention' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'declined', label: 'Declined' },
  { value: 'expired', label: 'Expired' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'charged_back', label: 'Charged back' },
];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: 'Pending',
  paid: 'Paid',
  declined: 'Declined',
  expired: 'Expired',
  refunded: 'Refunded',
  charged_back: 'Charged back',
};

/** The filter and page the address asks for; anything unknown reads as all orders, page 1. */
export function paymentsQueryOf(search: string): { filter: PaymentsFilter; page: number } {
  const params = new URLSearchParams(search);
  const state = params.get('state') ?? '';
  const filter = state === 'shortfall' || (ORDER_STATES as readonly string[]).includes(state) ? (state as PaymentsFilter) : '';
  return { filter, page: pageParam(params) };
}

/** The tab's address for a filter and page (the page is left out when it is the first). */
export function paymentsPath(filter: PaymentsFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter) params.set('state', filter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_PATHS.payments}?${query}` : ADMIN_PATHS.payments;
}

/** A price in minor units with its currency, as the reader's locale writes it. */
export function formatPrice(amountMinor: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amountMinor / 100);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}
