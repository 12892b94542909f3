import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ADMIN_ERRORS_ENDPOINTS, type ErrorGroupSummary } from '@shared/admin/errors.js';
import { useApiData } from '../../api/useApiData.js';
import { EmptyState } from '../../feedback/EmptyState.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { formatDateTime } from '../../format/dates.js';
import { Pager } from '../../referrals/Pager.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { SelectField } from '../fields/SelectField.js';
import { ERRORS_FILTERS, errorsPath, errorsQueryOf, type ErrorsState } from './errorsQuery.js';

/** /admin/errors: client crashes and server failures grouped by fingerprint, most recently seen first. */
export function AdminErrorsTab() {
  const location = useLocation();
  const navigate = useNavigate();
  const { state, page } = errorsQueryOf(location.search);
  const list = useApiData<Paged<ErrorGroupSummary>>(`${ADMIN_ERRORS_ENDPOINTS.list}?state=${state}&page=${page}`);
  return (
    <section aria-labelledby="admin-errors-log-heading">
      <div className="admin-section-head">
        <h2 id="admin-errors-log-heading" className="section-heading">
          Errors
        </h2>
      </div>
      <div className="admin-payments-filter">
        <SelectField
          label="Show"
          name="state"
          value={state}
          choices={ERRORS_FILTERS}
          onValue={(value) => navigate(errorsPath(value as ErrorsState))}
        />
      </div>
      {list.failure ? (
        <ErrorState failure={list.failure} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label="Loading the errors…" />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={state === 'open' ? 'No open errors.' : 'No resolved errors.'} />
      ) : (
        <>
          <ul className="admin-errors" data-testid="admin-error-groups">
            {list.data.items.map((group) => (
              <li key={group.fingerprint} className="admin-error" data-testid="admin-error-group">
                <div className="admin-error-head">
                  <span className="admin-error-type">{group.type}</span>
                  <span>
                    {group.count.toLocaleString()} {group.count === 1 ? 'time' : 'times'}
                  </span>
                </div>
                <p className="admin-error-message">
                  <Link to={ADMIN_PATHS.errorGroup(group.fingerprint)}>{group.message}</Link>
                </p>
                <p className="admin-error-when">
                  First {formatDateTime(group.firstSeen)} · last {formatDateTime(group.lastSeen)}
                </p>
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pages={list.data.pages} pathFor={(to) => errorsPath(state, to)} label="Error pages" />
        </>
      )}
    </section>
  );
}
