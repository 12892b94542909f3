import { useParams } from 'react-router-dom';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { AdminOverviewView } from '../admin/AdminOverviewView.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

/** The admin area (RouteGate already keeps everyone else out); later issues add its tabs. */
export default function AdminPage() {
  usePageTitle('Admin');
  const { tab } = useParams();
  const overview = useApiData<AdminOverview>(tab ? null : ACCOUNT_ENDPOINTS.adminOverview);
  return (
    <div className="page">
      <h1>Admin</h1>
      {tab ? (
        <p className="muted">This part of the admin area is coming soon.</p>
      ) : overview.failure ? (
        <ErrorState failure={overview.failure} onRetry={overview.reload} />
      ) : overview.data ? (
        <AdminOverviewView overview={overview.data} />
      ) : (
        <LoadingState label="Loading the overview…" />
      )}
    </div>
  );
}
