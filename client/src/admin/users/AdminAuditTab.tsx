import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_ENDPOINTS,
  SYSTEM_AUDIT_ACTIONS,
  type AdminAuditAction,
  type AdminAuditEntry,
} from '@shared/admin/audit.js';
import { useApiData } from '../../api/useApiData.js';
import { EmptyState } from '../../feedback/EmptyState.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { formatDateTime } from '../../format/dates.js';
import { Pager } from '../../referrals/Pager.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { SelectField } from '../fields/SelectField.js';
import { auditChanges, auditTargetText } from './auditChanges.js';
import { auditPath, auditQueryOf } from './adminUsersQuery.js';

const ACTION_CHOICES = [
  { value: '', label: 'Every action' },
  ...ADMIN_AUDIT_ACTIONS.map((action) => ({ value: action, label: ADMIN_AUDIT_ACTION_LABELS[action] })),
];

/** What an action changed, one field a line: "Daily cap: 100 → 200". */
function Changes({ entry }: { entry: AdminAuditEntry }) {
  const changes = auditChanges(entry, (iso) => formatDateTime(iso));
  if (changes.length === 0) return <p className="muted">Nothing changed.</p>;
  return (
    <ul className="admin-audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="admin-audit-field">{change.field}:</span>{' '}
          {change.before !== undefined && change.after !== undefined ? (
            <>
              {change.before} <span aria-label="changed to">→</span> {change.after}
            </>
          ) : change.after !== undefined ? (
            change.after
          ) : (
            <>
              {change.before} <span className="muted">(removed)</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The target, linked to its own screen where it has one. */
function Target({ entry }: { entry: AdminAuditEntry }) {
  const text = auditTargetText(entry);
  if (entry.targetType === 'user') return <Link to={ADMIN_PATHS.user(Number(entry.targetId))}>{text}</Link>;
  if (entry.targetType === 'contact_message') return <Link to={ADMIN_PATHS.inboxMessage(Number(entry.targetId))}>{text}</Link>;
  return <>{text}</>;
}

/** /admin/audit: every admin action, newest first: who, what, to which target, when, and what changed. */
export function AdminAuditTab() {
  const location = useLocation();
  const navigate = useNavigate();
  const { filter, page } = auditQueryOf(location.search);
  const query = auditPath(filter, page).split('?')[1] ?? '';
  const list = useApiData<Paged<AdminAuditEntry>>(`${ADMIN_AUDIT_ENDPOINTS.audit}${query ? `?${query}` : ''}`);
  return (
    <section aria-labelledby="admin-audit-heading">
      <div className="admin-section-head">
        <h2 id="admin-audit-heading" className="section-heading">
          Audit log
        </h2>
      </div>
      <div className="admin-payments-filter">
        <SelectField
          label="Action"
          name="action"
          value={filter.action}
          choices={ACTION_CHOICES}
          onValue={(value) => navigate(auditPath({ ...filter, action: value as AdminAuditAction | '' }))}
        />
      </div>
      {filter.targetType === 'user' && filter.targetId && (
        <p>
          For member {filter.targetId}: <Link to={ADMIN_PATHS.user(Number(filter.targetId))}>their page</Link> ·{' '}
          <Link to={auditPath({ ...filter, targetType: '', targetId: '' })}>every target</Link>
        </p>
      )}
      {list.failure ? (
        <ErrorState failure={list.failure} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label="Loading the audit log…" />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="Nothing recorded here." />
      ) : (
        <>
          <ul className="admin-orders" data-testid="admin-audit">
            {list.data.items.map((entry) => (
              <li key={entry.id} className="admin-order">
                <div className="admin-announcement-head">
                  <h3 className="admin-announcement-heading">{ADMIN_AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</h3>
                  <span>{formatDateTime(entry.createdAt)}</span>
                </div>
                <dl className="admin-facts">
                  <div>
                    <dt>By</dt>
                    <dd>
                      {entry.admin ? (
                        <Link to={ADMIN_PATHS.user(entry.admin.id)}>{entry.admin.username}</Link>
                      ) : (
                        (SYSTEM_AUDIT_ACTIONS[entry.action] ?? 'A removed admin')
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>Target</dt>
                    <dd className="admin-cell-wrap">
                      <Target entry={entry} />
                    </dd>
                  </div>
                  <div className="admin-facts-wide">
                    <dt>Change</dt>
                    <dd className="admin-cell-wrap">
                      <Changes entry={entry} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pages={list.data.pages} pathFor={(to) => auditPath(filter, to)} label="Audit pages" />
        </>
      )}
    </section>
  );
}
