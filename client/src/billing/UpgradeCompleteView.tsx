import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCode } from '@shared/api/error-codes.js';
import { BILLING_ENDPOINTS, type MembershipAnswer, type Order } from '@shared/billing/billing.js';
import { orderReceiptPath, PATHS } from '@shared/routing/routes.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { formatDate } from '../format/dates.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { formatPrice, isOrderId, orderItemText, plural } from './billingFormat.js';
import { useBillingOrderEvents } from './useBillingOrderEvents.js';

/** While an order waits for the provider, it is read again this often in case a live update was missed. */
const PENDING_RELOAD_MS = 15_000;

/**
 * The outcome of one order after the payment page: paid (and what it added), declined, still
 * waiting (updated live when the provider answers), expired, or an order that cannot be found.
 */
export function UpgradeCompleteView({ orderId }: { orderId: string | null }) {
  const valid = isOrderId(orderId);
  const loaded = useApiData<Order>(valid ? BILLING_ENDPOINTS.order(orderId) : null);
  const [live, setLive] = useState<Order | null>(null);
  const order = live && live.id === orderId ? live : loaded.data;
  const { reload } = loaded;

  const onOrder = useCallback(
    (changed: Order) => {
      if (changed.id === orderId) setLive(changed);
    },
    [orderId],
  );
  useBillingOrderEvents(onOrder, reload);

  useEffect(() => {
    if (order?.state !== 'pending') return;
    const timer = window.setInterval(reload, PENDING_RELOAD_MS);
    return () => window.clearInterval(timer);
  }, [order?.state, reload]);

  // A fresh load is newer than an older live update.
  useEffect(() => setLive(null), [loaded.data]);

  if (!valid || (loaded.failure && hasErrorCode(loaded.failure.errors, ErrorCode.NotFound, ErrorCode.Validation))) {
    return (
      <div className="billing-outcome billing-outcome-unknown" role="status">
        <h2 className="section-heading">We cannot find this order</h2>
        <p>
          This address does not name one of your orders. If you were charged, the payment shows in your payments within a few
          minutes.
        </p>
        <p>
          <Link to={PATHS.settingsPayments}>Your payments</Link> · <Link to={PATHS.billing}>Billing</Link>
        </p>
      </div>
    );
  }
  if (loaded.failure && !order) return <ErrorState failure={loaded.failure} onRetry={reload} />;
  if (!order) {
    return (
      <div className="billing-outcome" role="status">
        <span className="spinner spinner-small" aria-hidden="true" /> Loading your order…
      </div>
    );
  }
  return <OrderOutcome order={order} />;
}

function OrderOutcome({ order }: { order: Order }) {
  const receipt = (
    <Link to={orderReceiptPath(order.id)} className="button">
      Receipt
    </Link>
  );
  switch (order.state) {
    case 'pending':
      return (
        <div className="billing-outcome billing-outcome-pending" role="status" data-state="pending">
          <h2 className="section-heading">
            <span className="spinner spinner-small" aria-hidden="true" /> Waiting for confirmation
          </h2>
          <p>
            The payment for {orderItemText(order)} ({formatPrice(order)}) is not confirmed yet. This page updates by itself as
            soon as it is.
          </p>
        </div>
      );
    case 'paid':
      return (
        <div className="billing-outcome billing-outcome-paid" role="status" data-state="paid">
          <h2 className="section-heading">Payment received</h2>
          <p>
            Thank you. You paid {formatPrice(order)} for {orderItemText(order)}.
          </p>
          {order.kind === 'pack' ? (
            <p className="billing-outcome-added">
              {plural(order.credits, 'credit')} {order.credits === 1 ? 'was' : 'were'} added to{' '}
              {order.teamName ? `the team ${order.teamName}'s balance` : 'your balance'}.
            </p>
          ) : (
            <LevelAdded order={order} />
          )}
          <p className="billing-outcome-actions">
            {receipt} <Link to={PATHS.home}>Go to the dashboard</Link>
          </p>
        </div>
      );
    case 'declined':
      return (
        <div className="billing-outcome billing-outcome-declined" role="alert" data-state="declined">
          <h2 className="section-heading">Payment declined</h2>
          <p>The payment for {orderItemText(order)} was declined, and nothing was charged.</p>
          <p>
            <Link to={PATHS.billing} className="button button-primary">
              Try again
            </Link>
          </p>
        </div>
      );
    case 'expired':
      return (
        <div className="billing-outcome billing-outcome-expired" role="status" data-state="expired">
          <h2 className="section-heading">This order expired</h2>
          <p>
            No payment arrived for {orderItemText(order)} in time, so the order was closed. If you were charged, it is still
            applied when the payment arrives.
          </p>
          <p>
            <Link to={PATHS.billing} className="button button-primary">
              Start a new order
            </Link>
          </p>
        </div>
      );
    case 'refunded':
    case 'charged_back':
      return (
        <div className="billing-outcome" role="status" data-state={order.state}>
          <h2 className="section-heading">
            {order.state === 'refunded' ? 'This payment was refunded' : 'This payment was charged back'}
          </h2>
          <p>The purchase of {orderItemText(order)} was reversed.</p>
          <p>{receipt}</p>
        </div>
      );
  }
}

/** A paid level: until when it now lasts, from the current membership (the member's or the team's). */
function LevelAdded({ order }: { order: Order }) {
  const team = useAtomValue(currentTeamAtom);
  const membership = useApiData<MembershipAnswer>(BILLING_ENDPOINTS.membership);
  const forCurrentTeam = order.teamId !== null && team?.id === order.teamId;
  const current = order.teamId === null ? membership.data?.me : forCurrentTeam ? membership.data?.team : null;
  const whose = order.teamName ? `The team ${order.teamName} has` : 'You have';
  return (
    <p className="billing-outcome-added">
      {whose} the {order.itemName} level
      {current && current.levelName === order.itemName ? (
        <>
          {' '}
          until <time dateTime={current.paidUntil}>{formatDate(current.paidUntil)}</time>
        </>
      ) : null}
      .
    </p>
  );
}
