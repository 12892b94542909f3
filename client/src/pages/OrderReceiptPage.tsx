import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorCode } from '@shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type Order } from '@shared/billing/billing.js';
import { PATHS } from '@shared/routing/routes.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { useApiData } from '../api/useApiData.js';
import { formatPrice, isOrderId, orderItemText, plural } from '../billing/billingFormat.js';
import { OrderStateBadge } from '../billing/OrderStateBadge.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDateTime } from '../format/dates.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../billing/billing.css';

/** One order's receipt, laid out to print on its own (the site's menu and footer are left off paper). */
export default function OrderReceiptPage() {
  usePageTitle('Receipt');
  const orderId = useParams().order ?? '';
  const valid = isOrderId(orderId);
  const order = useApiData<Order>(valid ? BILLING_ENDPOINTS.order(orderId) : null);
  const siteName = useAtomValue(websiteAtom)?.name ?? 'Surfex';

  const notFound = !valid || (order.failure && hasErrorCode(order.failure.errors, ErrorCode.NotFound, ErrorCode.Validation));
  return (
    <div className="page billing billing-receipt-page">
      <p className="billing-receipt-back">
        <Link to={PATHS.settingsPayments}>Back to your payments</Link>
      </p>
      <h1>Receipt</h1>
      {notFound ? (
        <EmptyState title="We cannot find this order.">
          <p>This address does not name one of your orders.</p>
        </EmptyState>
      ) : order.failure ? (
        <ErrorState failure={order.failure} onRetry={order.reload} />
      ) : !order.data ? (
        <LoadingState label="Loading the receipt…" />
      ) : (
        <Receipt order={order.data} siteName={siteName} />
      )}
    </div>
  );
}

function Receipt({ order, siteName }: { order: Order; siteName: string }) {
  const rows: [string, ReactNode][] = [
    ['Seller', siteName],
    ['Order', <code key="id">{order.id}</code>],
    ['Ordered', formatDateTime(order.createdAt)],
    ['Item', orderItemText(order)],
    ...(order.kind === 'pack' ? ([['Credits', plural(order.credits, 'credit')]] as [string, ReactNode][]) : []),
    ...(order.teamName ? ([['For the team', order.teamName]] as [string, ReactNode][]) : []),
    ['Amount', <strong key="amount">{formatPrice(order)}</strong>],
    ['State', <OrderStateBadge key="state" state={order.state} />],
    ...(order.settledAt ? ([['Settled', formatDateTime(order.settledAt)]] as [string, ReactNode][]) : []),
    ...(order.reversedAt
      ? ([[order.state === 'charged_back' ? 'Charged back' : 'Refunded', formatDateTime(order.reversedAt)]] as [
          string,
          ReactNode,
        ][])
      : []),
    ['Payment reference', order.providerRef ?? '–'],
  ];
  return (
    <article className="billing-receipt" aria-label={`Receipt for order ${order.id}`}>
      <dl className="billing-receipt-list">
        {rows.map(([term, value]) => (
          <div key={term} className="billing-receipt-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="billing-receipt-actions">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </article>
  );
}
