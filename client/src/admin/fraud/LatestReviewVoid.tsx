import { Link } from 'react-router-dom';
import type { LatestReviewVoid as LatestVoid } from '@shared/admin/fraud.js';
import { VOID_REASON_LABELS } from '@shared/earnings/earnings.js';
import { formatDateTime } from '../../format/dates.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { evidenceAccounts, evidenceText } from './reviewEvidence.js';

/** How many other accounts are linked before "and N more". */
const ACCOUNTS_SHOWN = 6;

/** The earnings review's latest void of a member: when, why, what it saw, and the other accounts it names. */
export function LatestReviewVoid({ latest }: { latest: LatestVoid }) {
  const accounts = evidenceAccounts(latest.evidence);
  const more = accounts.length - ACCOUNTS_SHOWN;
  return (
    <div className="admin-fraud-review" data-testid="admin-fraud-review">
      <p>
        <strong>Latest void</strong>, {formatDateTime(latest.at)}: {latest.views.toLocaleString()}{' '}
        {latest.views === 1 ? 'view' : 'views'}, {VOID_REASON_LABELS[latest.category].toLowerCase()}.{' '}
        {evidenceText(latest.evidence)}
      </p>
      {accounts.length > 0 && (
        <p>
          Other accounts:{' '}
          {accounts.slice(0, ACCOUNTS_SHOWN).map((id, index) => (
            <span key={id}>
              {index > 0 && ', '}
              <Link to={ADMIN_PATHS.user(id, 'evidence')}>member {id}</Link>
            </span>
          ))}
          {more > 0 && `, and ${more} more`}
        </p>
      )}
    </div>
  );
}
