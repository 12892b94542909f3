import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import type { Paged, ReferralRow } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { CommissionsSection } from '../referrals/CommissionsSection.js';
import { Pager } from '../referrals/Pager.js';
import { ReferralLinkBox } from '../referrals/ReferralLinkBox.js';
import { referralsPage } from '../referrals/referralLink.js';
import { ReferralsTable } from '../referrals/ReferralsTable.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../referrals/referrals.css';

/** The referred members' page `page`, keeping the commissions' page where it is. */
function pathForPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${PATHS.referrals}?${query}` : PATHS.referrals;
}

/** The members who signed up through the member's link, paged, and the commissions their purchases earn. */
export default function ReferralsPage() {
  usePageTitle('Referrals');
  const user = useAtomValue(userAtom);
  const { search } = useLocation();
  const page = referralsPage(search);
  const referrals = useApiData<Paged<ReferralRow>>(`${ACCOUNT_ENDPOINTS.referrals}?page=${page}`);

  return (
    <div className="page">
      <h1>Referrals</h1>
      {user && <ReferralLinkBox username={user.username} />}
      <h2 className="section-heading">People you referred</h2>
      {referrals.failure ? (
        <ErrorState failure={referrals.failure} onRetry={referrals.reload} />
      ) : !referrals.data ? (
        <LoadingState label="Loading your referrals…" />
      ) : referrals.data.total === 0 ? (
        <EmptyState title="Nobody has signed up through your link yet.">
          <p>
            Share your referral link above. Anyone who opens it and signs up within 30 days is listed here, with the website they
            came from.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="muted">
            {referrals.data.total} {referrals.data.total === 1 ? 'member' : 'members'} signed up through your link.
          </p>
          {referrals.data.items.length > 0 ? (
            <>
              <ReferralsTable rows={referrals.data.items} />
              <Pager
                page={referrals.data.page}
                pages={referrals.data.pages}
                pathFor={(target) => pathForPage(search, target)}
                label="Referral pages"
              />
            </>
          ) : (
            <EmptyState title={`There is no page ${page}.`}>
              <Link to={pathForPage(search, referrals.data.pages)}>Go to the last page</Link>
            </EmptyState>
          )}
        </>
      )}
      <CommissionsSection />
    </div>
  );
}
