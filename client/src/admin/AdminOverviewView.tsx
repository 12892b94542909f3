import { Link } from 'react-router-dom';
import { ADMIN_PATHS } from './adminPaths.js';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { formatDateTime } from '../format/dates.js';
import './admin.css';

export function AdminOverviewView({ overview }: { overview: AdminOverview }) {
  const counts = [
    { label: 'Members', value: overview.users },
    { label: 'Admins', value: overview.admins },
    { label: 'Active sessions', value: overview.activeSessions },
  ];
  return (
    <>
      <section aria-labelledby="admin-counts-heading">
        <h2 id="admin-counts-heading" className="section-heading">
          Counts
        </h2>
        <dl className="admin-counts">
          {counts.map((count) => (
            <div key={count.label} className="admin-count">
              <dt>{count.label}</dt>
              <dd>{count.value.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
        <p data-testid="admin-open-reports">
          <Link to={ADMIN_PATHS.reports}>
            {overview.openReports === 0
              ? 'No reported posts or comments wait for you'
              : `${overview.openReports.toLocaleString()} reported ${overview.openReports === 1 ? 'post or comment waits' : 'posts and comments wait'} for you`}
          </Link>
        </p>
      </section>
      <section aria-labelledby="admin-errors-heading">
        <h2 id="admin-errors-heading" className="section-heading">
          Recent client errors
        </h2>
        <p>
          <Link to={ADMIN_PATHS.errors}>See every error, grouped</Link>
        </p>
        {overview.recentClientErrors.length === 0 ? (
          <EmptyState title="No client errors recorded." />
        ) : (
          <ul className="admin-errors">
            {overview.recentClientErrors.map((error) => (
              <li key={error.id} className="admin-error">
                <div className="admin-error-head">
                  <span className="admin-error-type">{error.type}</span>
                  <time dateTime={error.createdAt}>{formatDateTime(error.createdAt)}</time>
                </div>
                <code className="admin-error-line">{error.firstLine}</code>
                <span className="admin-error-url muted">{error.url}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
