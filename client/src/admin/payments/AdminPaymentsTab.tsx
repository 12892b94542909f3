import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { BILLING_ADMIN_ENDPOINTS, type AdminOrder } from '@shared/billing/billing.js';
import { useApiData } from '../../api/useApiData.js';
import { PagedListState } from '../../feedback/PagedListState.js';
import { formatDateTime } from '../../format/dates.js';
import { SelectField } from '../fields/SelectField.js';
import {
  formatPrice,
  ORDER_STATE_LABELS,
  PAYMENTS_FILTERS,
  paymentsPath,
  paymentsQueryOf,
  type PaymentsFilter,
} from './adminPaymentsQuery.js';
import { ReverseOrderButton, type Reversal } from './ReverseOrderButton.js';

/** /admin/payments: every order, newest first, filtered by state or "needs attention"; refund or record a chargeback. */
export function AdminPaymentsTab() {
  const location = useLocation();
  const navigate = useNavigate();
  const { filter, page } = paymentsQueryOf(location.search);
  const query = new URLSearchParams({ page: String(page), ...(filter ? { state: filter } : {}) });
  const list = useApiData<Paged<AdminOrder>>(`${BILLING_ADMIN_ENDPOINTS.orders}?${query}`);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The button that opened the confirmation is gone or changed: focus moves to what happened.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const reversed = (order: AdminOrder, reversal: Reversal) => {
    const done = reversal === 'refund' ? 'Refunded' : 'Chargeback recorded for';
    const shortfall =
      order.shortfallCredits > 0
        ? ` ${order.shortfallCredits.toLocaleString()} credits were already spent and could not be taken back: it is listed under Needs attention.`
        : '';
    setNotice(`${done} “${order.itemName}” of ${order.username}.${shortfall}`);
    list.reload();
  };

  return (
    <section aria-labelledby="admin-payments-heading">
      <div className="admin-section-head">
        <h2 id="admin-payments-heading" className="section-heading">
          Payments
        </h2>
      </div>
      <div className="admin-payments-filter">
        <SelectField
          label="Show"
          name="state"
          value={filter}
          choices={PAYMENTS_FILTERS}
          onValue={(value) => navigate(paymentsPath(value as PaymentsFilter))}
        />
      </div>
      <div ref={noticeRef} tabIndex={-1} className={notice ? 'status-message admin-notice' : undefined} role="status">
        {notice && <p>{notice}</p>}
      </div>
      <PagedListState
        list={list}
        page={page}
        pathForPage={(to) => paymentsPath(filter, to)}
        loadingLabel="Loading the orders…"
        emptyTitle={filter === 'shortfall' ? 'Nothing needs attention.' : 'No orders here.'}
        pagerLabel="Order pages"
      >
        {(data) => (
          <ul className="admin-orders" data-testid="admin-orders">
            {data.items.map((order) => (
              <OrderRow key={order.id} order={order} onReversed={reversed} onStale={list.reload} />
            ))}
          </ul>
        )}
      </PagedListState>
    </section>
  );
}

function OrderRow({
  order,
  onReversed,
  onStale,
}: {
  order: AdminOrder;
  onReversed: (order: AdminOrder, reversal: Reversal) => void;
  onStale: () => void;
}) {
  const facts = [
    { label: 'Buyer', value: order.teamName ? `${order.username}, for the team ${order.teamName}` : order.username },
    { label: 'Price', value: formatPrice(order.amountMinor, order.currency) },
    ...(order.kind === 'pack' ? [{ label: 'Credits', value: order.credits.toLocaleString() }] : []),
    { label: 'Ordered', value: formatDateTime(order.createdAt) },
    ...(order.settledAt ? [{ label: 'Settled', value: formatDateTime(order.settledAt) }] : []),
    ...(order.reversedAt ? [{ label: 'Reversed', value: formatDateTime(order.reversedAt) }] : []),
    { label: 'Provider', value: order.providerRef ? `${order.provider} · ${order.providerRef}` : order.provider },
    { label: 'Order', value: order.id },
  ];
  return (
    <li className={`admin-order${order.shortfallCredits > 0 ? ' admin-order-attention' : ''}`} data-testid="admin-order">
      <div className="admin-announcement-head">
        <h3 className="admin-announcement-heading">{order.itemName}</h3>
        <span className={`admin-state admin-order-state-${order.state}`}>{ORDER_STATE_LABELS[order.state]}</span>
      </div>
      {order.shortfallCredits > 0 && (
        <p className="admin-order-shortfall">
          Needs attention: {order.shortfallCredits.toLocaleString()} credits were already spent and could not be taken back.
        </p>
      )}
      <dl className="admin-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {order.state === 'paid' && (
        <div className="form-actions">
          <ReverseOrderButton order={order} reversal="refund" onReversed={onReversed} onStale={onStale} />
          <ReverseOrderButton order={order} reversal="chargeback" onReversed={onReversed} onStale={onStale} />
        </div>
      )}
    </li>
  );
}
