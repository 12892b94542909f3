import { Link, useLocation } from 'react-router-dom';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import type { CommissionsAnswer } from '@shared/referrals/commissions.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { COMMISSIONS_PAGE_PARAM, commissionsPage } from './commissions.js';
import { CommissionsTable } from './CommissionsTable.js';
import { Pager } from './Pager.js';
import { useReferralCommissionEvents } from './useReferralCommissionEvents.js';

/** The member's commissions on purchases of members they referred: totals, then the paged list, kept live. */
export function CommissionsSection() {
  const { search } = useLocation();
  const page = commissionsPage(search);
  const commissions = useApiData<CommissionsAnswer>(`${ACCOUNT_ENDPOINTS.referralCommissions}?page=${page}`);
  useReferralCommissionEvents(commissions.reload);

  // The referred members' page stays where it is while the commissions are paged.
  const pathForPage = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete(COMMISSIONS_PAGE_PARAM);
    else params.set(COMMISSIONS_PAGE_PARAM, String(target));
    const query = params.toString();
    return query ? `${PATHS.referrals}?${query}` : PATHS.referrals;
  };

  return (
    <section aria-labelledby="commissions-heading" className="commissions">
      <h2 className="section-heading" id="commissions-heading">
        Commissions
      </h2>
      {commissions.failure ? (
        <ErrorState failure={commissions.failure} onRetry={commissions.reload} />
      ) : !commissions.data ? (
        <LoadingState label="Loading your commissions…" />
      ) : (
        <>
          <dl className="commission-totals">
            <div>
              <dt>Pending</dt>
              <dd>{commissions.data.totals.pending.toLocaleString()} credits</dd>
            </div>
            <div>
              <dt>Credited</dt>
              <dd>{commissions.data.totals.credited.toLocaleString()} credits</dd>
            </div>
          </dl>
          {commissions.data.total === 0 ? (
            <EmptyState title="No commissions yet.">
              <p>
                When someone you referred buys credits or a membership, you earn {commissions.data.percent}% of the credits it
                buys. Each commission is held for a while in case the purchase is refunded, then added to your balance.
              </p>
            </EmptyState>
          ) : commissions.data.items.length > 0 ? (
            <>
              <CommissionsTable rows={commissions.data.items} />
              <Pager page={commissions.data.page} pages={commissions.data.pages} pathFor={pathForPage} label="Commission pages" />
            </>
          ) : (
            <EmptyState title={`There is no page ${page} of commissions.`}>
              <Link to={pathForPage(commissions.data.pages)}>Go to the last page</Link>
            </EmptyState>
          )}
        </>
      )}
    </section>
  );
}
