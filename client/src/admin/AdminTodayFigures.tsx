import { Link } from 'react-router-dom';
import { ADMIN_TODAY_ENDPOINTS, type AdminRevenue, type AdminToday } from '@shared/admin/overview-today.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { ADMIN_PATHS } from './adminPaths.js';
import './admin.css';

function money({ currency, amountMinor }: AdminRevenue): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amountMinor / 100);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

/** Today on the admin Overview (since midnight UTC): signups, views, revenue, and unread contact messages. */
export function AdminTodayFigures() {
  const today = useApiData<AdminToday>(ADMIN_TODAY_ENDPOINTS.today);
  return (
    <section aria-labelledby="admin-today-heading">
      <h2 id="admin-today-heading" className="section-heading">
        Today <span className="muted admin-today-since">(since midnight UTC)</span>
      </h2>
      {today.failure ? (
        <ErrorState failure={today.failure} onRetry={today.reload} />
      ) : !today.data ? (
        <LoadingState label="Loading today’s figures…" />
      ) : (
        <dl className="admin-counts">
          <div className="admin-count">
            <dt>Signups</dt>
            <dd>{today.data.signups.toLocaleString()}</dd>
          </div>
          <div className="admin-count">
            <dt>Post views</dt>
            <dd>{today.data.postViews.toLocaleString()}</dd>
          </div>
          <div className="admin-count">
            <dt>Credited surf views</dt>
            <dd>{today.data.creditedViews.toLocaleString()}</dd>
          </div>
          <div className="admin-count">
            <dt>Revenue</dt>
            {today.data.revenue.length === 0 ? (
              <dd>0</dd>
            ) : (
              today.data.revenue.map((revenue) => (
                <dd key={revenue.currency} className="admin-count-money">
                  {money(revenue)}{' '}
                  <span className="admin-count-note">
                    {revenue.orders.toLocaleString()} {revenue.orders === 1 ? 'order' : 'orders'}
                  </span>
                </dd>
              ))
            )}
          </div>
          <div className="admin-count">
            <dt>Unread messages</dt>
            <dd>{today.data.unreadMessages.toLocaleString()}</dd>
            <dd className="admin-count-note">
              <Link to={ADMIN_PATHS.inbox}>{today.data.unreadMessages > 0 ? 'Read them in the inbox' : 'Open the inbox'}</Link>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
