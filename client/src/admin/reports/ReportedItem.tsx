import { ADMIN_REPORT_ENDPOINTS, type ReportAction, type ReportQueueItem } from '@shared/admin/reports.js';
import { Link } from 'react-router-dom';
import { api } from '../../api/api.js';
import type { ApiResult } from '../../api/apiClient.js';
import { formatDateTime } from '../../format/dates.js';
import { postPath } from '../../posts/postPath.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { ConfirmButton } from '../fields/ConfirmButton.js';

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

interface ReportedItemProps {
  item: ReportQueueItem;
  onResult: (result: ApiResult<unknown>, success: string) => void;
}

/** One reported post or comment of the queue: what it says, who wrote it, its open reports, and the three actions. */
export function ReportedItem({ item, onResult }: ReportedItemProps) {
  const what = item.targetType === 'post' ? 'post' : 'comment';
  const name = `${item.author.username}’s ${what}`;
  const run = (action: ReportAction) => () => api.post(ADMIN_REPORT_ENDPOINTS.act(item.targetType, item.targetId, action), {});
  const state = item.deleted ? 'Deleted by its writer' : item.hidden ? 'Hidden' : 'Shown';
  return (
    <li className="admin-order admin-order-attention" data-testid="admin-report">
      <div className="admin-announcement-head">
        <h3 className="admin-announcement-heading">
          <Link to={postPath(item.pid)}>{item.targetType === 'post' ? `Post #${item.pid}` : `Comment on post #${item.pid}`}</Link>
        </h3>
        <span className="admin-state">{state}</span>
      </div>
      <blockquote className="admin-report-text">{item.text}</blockquote>
      <dl className="admin-facts">
        <div>
          <dt>Written by</dt>
          <dd>
            <Link to={ADMIN_PATHS.user(item.author.id)}>{item.author.username}</Link>
            {item.author.loginSuspended && ' (login suspended)'}
          </dd>
        </div>
        <div>
          <dt>Open reports</dt>
          <dd>{item.openReports.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Last reported</dt>
          <dd>{formatDateTime(item.lastReportedAt)}</dd>
        </div>
      </dl>
      <ul className="admin-report-list" aria-label={`Reports of ${name}`}>
        {item.reports.map((report) => (
          <li key={report.id}>
            <Link to={ADMIN_PATHS.user(report.reporter.id)}>{report.reporter.username}</Link>,{' '}
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>:{' '}
            {report.reason ? <q>{report.reason}</q> : <span className="muted">no reason given</span>}
          </li>
        ))}
        {item.openReports > item.reports.length && (
          <li className="muted">and {plural(item.openReports - item.reports.length, 'earlier report')}</li>
        )}
      </ul>
      <div className="form-actions">
        <ConfirmButton
          label="Hide"
          accessibleLabel={`Hide ${name}`}
          className="button-small"
          header={`Hide ${name}?`}
          body={
            <p>
              Only {item.author.username} and admins will still see it
              {item.targetType === 'post' ? '; it leaves the surf bar at once' : ''}. Its {plural(item.openReports, 'report')}{' '}
              will be closed.
            </p>
          }
          run={run('hide')}
          onResult={(result) => onResult(result, `${name} is hidden; its reports are closed.`)}
        />
        <ConfirmButton
          label="Dismiss"
          accessibleLabel={`Dismiss the reports of ${name}`}
          className="button-small"
          header={`Dismiss the reports of ${name}?`}
          body={<p>It stays up as it is, and its {plural(item.openReports, 'report')} will be closed.</p>}
          run={run('dismiss')}
          onResult={(result) => onResult(result, `The reports of ${name} are dismissed.`)}
        />
        <ConfirmButton
          label="Ban writer"
          accessibleLabel={`Ban ${item.author.username}`}
          className="button-small"
          header={`Ban ${item.author.username}?`}
          body={
            <p>
              Their login is suspended and every session of theirs ends at once, as the Users screen’s suspension does; this{' '}
              {what} is hidden and its reports are closed. You can restore their login from their member page.
            </p>
          }
          run={run('ban')}
          onResult={(result) => onResult(result, `${item.author.username} is banned and their ${what} hidden.`)}
        />
      </div>
    </li>
  );
}
