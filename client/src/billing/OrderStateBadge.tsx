import type { OrderState } from '@shared/billing/billing.js';
import { ORDER_STATE_LABELS } from './billingFormat.js';

/** An order's state as a coloured word (the colour only repeats what the word says). */
export function OrderStateBadge({ state }: { state: OrderState }) {
  return <span className={`badge order-state order-state-${state}`}>{ORDER_STATE_LABELS[state]}</span>;
}
