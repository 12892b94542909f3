import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorCode } from '@shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type OrderReceipt } from '@shared/billing/billing.js';
import type { PublicWebsite } from '@shared/website/website.js';
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
  const order = useApiData<OrderReceipt>(valid ? BILLING_ENDPOINTS.receipt(orderId) : null);
  const website = useAtomValue(websiteAtom);

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
        <Receipt receipt={order.data} website={website} />
      )}
    </div>
  );
}

/**
 * The seller is the website (its name and the company line set in the admin's site settings),
 * the buyer the member with the details they set in Payments; the tax line says the tax in the
 * price, or that none was charged.
 */
function Receipt({ receipt, website }: { receipt: OrderReceipt; website: PublicWebsite | null }) {
  const { order, buyer, tax } = receipt;
  const rows: [string, ReactNode][] = [
    [
      'Seller',
      <span key="seller" className="billing-receipt-party" data-testid="receipt-seller">
        {website?.name ?? 'Surfex'}
        {website?.companyRegistration && <span>{website.companyRegistration}</span>}
      </span>,
    ],
    [
      'Buyer',
      <span key="buyer" className="billing-receipt-party" data-testid="receipt-buyer">
        {buyer.company && <span>{buyer.company}</span>}
        <span>{buyer.name}</span>
        <span>{buyer.email}</span>
        {buyer.address && <span>{buyer.address}</span>}
        {buyer.vatId && <span>VAT id: {buyer.vatId}</span>}
      </span>,
    ],
    ['Order', <code key="id">{order.id}</code>],
    ['Ordered', formatDateTime(order.createdAt)],
    ['Item', orderItemText(order)],
    ...(order.kind === 'pack' ? ([['Credits', plural(order.credits, 'credit')]] as [string, ReactNode][]) : []),
    ...(order.teamName ? ([['For the team', order.teamName]] as [string, ReactNode][]) : []),
    ['Amount', <strong key="amount">{formatPrice(order)}</strong>],
    tax
      ? [
          `${tax.name} (${tax.ratePercent.toLocaleString()} %)`,
          <span key="tax" data-testid="receipt-tax">
            {formatPrice({ amountMinor: tax.taxMinor, currency: order.currency })} included (net{' '}
            {formatPrice({ amountMinor: tax.netMinor, currency: order.currency })})
          </span>,
        ]
      : [
          'Tax',
          <span key="tax" data-testid="receipt-tax">
            No VAT charged
          </span>,
        ],
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
