import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { AdminOverviewView } from './AdminOverviewView.js';
import { AdminTodayFigures } from './AdminTodayFigures.js';
import { MessageMemberForm } from './MessageMemberForm.js';

/** /admin: today's figures, the counts, recent client errors, and a message to one member (for support). */
export function AdminOverviewTab() {
  const overview = useApiData<AdminOverview>(ACCOUNT_ENDPOINTS.adminOverview);
  return (
    <>
      <AdminTodayFigures />
      {overview.failure ? (
        <ErrorState failure={overview.failure} onRetry={overview.reload} />
      ) : overview.data ? (
        <AdminOverviewView overview={overview.data} />
      ) : (
        <LoadingState label="Loading the overview…" />
      )}
      <MessageMemberForm />
    </>
  );
}
