import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { BILLING_ENDPOINTS, type MembershipAnswer, type Order } from '@shared/billing/billing.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { Pager } from '../referrals/Pager.js';
import { referralsPage } from '../referrals/referralLink.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { BillingDetailsSection } from './BillingDetailsForm.js';
import { MembershipSummary } from './MembershipSummary.js';
import { OrdersTable } from './OrdersTable.js';
import { useBillingOrderEvents } from './useBillingOrderEvents.js';
import '../referrals/referrals.css';
import './billing.css';

const pathForPage = (page: number) => (page === 1 ? PATHS.settingsPayments : `${PATHS.settingsPayments}?page=${page}`);

/** The current level (the member's, and the current team's) and the paged order history. */
export function PaymentsSettings() {
  const team = useAtomValue(currentTeamAtom);
  const page = referralsPage(useLocation().search);
  const membership = useApiData<MembershipAnswer>(BILLING_ENDPOINTS.membership);
  const orders = useApiData<Paged<Order>>(`${BILLING_ENDPOINTS.orders}?page=${page}`);
  const { reload: reloadOrders } = orders;
  const { reload: reloadMembership } = membership;
  const refresh = useCallback(() => {
    reloadOrders();
    reloadMembership();
  }, [reloadOrders, reloadMembership]);
  // An order settled, refunded or charged back while the list is open: show it as it is now.
  useBillingOrderEvents(refresh, refresh);

  return (
    <section aria-labelledby="settings-payments-heading" className="billing-payments">
      <h2 id="settings-payments-heading" className="section-heading">
        Payments
      </h2>
      <h3 className="billing-subheading">Current level</h3>
      {membership.failure ? (
        <ErrorState failure={membership.failure} onRetry={membership.reload} />
      ) : !membership.data ? (
        <LoadingState label="Loading your membership…" />
      ) : (
        <MembershipSummary membership={membership.data} teamName={team?.name ?? null} />
      )}
      <p>
        <Link to={PATHS.billing}>Buy credits or a membership</Link>
      </p>

      <BillingDetailsSection />

      <h3 className="billing-subheading">Order history</h3>
      {orders.failure ? (
        <ErrorState failure={orders.failure} onRetry={orders.reload} />
      ) : !orders.data ? (
        <LoadingState label="Loading your orders…" />
      ) : orders.data.total === 0 ? (
        <EmptyState title="You have not ordered anything yet.">
          <p>
            Credit packs and membership levels are on the <Link to={PATHS.billing}>billing page</Link>.
          </p>
        </EmptyState>
      ) : orders.data.items.length === 0 ? (
        <EmptyState title={`There is no page ${page}.`}>
          <Link to={pathForPage(orders.data.pages)}>Go to the last page</Link>
        </EmptyState>
      ) : (
        <>
          <OrdersTable orders={orders.data.items} />
          <Pager page={orders.data.page} pages={orders.data.pages} pathFor={pathForPage} label="Order pages" />
        </>
      )}
    </section>
  );
}
