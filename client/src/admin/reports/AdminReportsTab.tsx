import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ADMIN_REPORT_ENDPOINTS, type ReportQueueItem } from '@shared/admin/reports.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import type { ApiResult } from '../../api/apiClient.js';
import { useApiData } from '../../api/useApiData.js';
import { PagedListState } from '../../feedback/PagedListState.js';
import { uiNotificationsAtom } from '../../notifications/uiNotificationsAtom.js';
import { ActionOutcomeView, useActionOutcome } from '../actionOutcome.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { ReportedItem } from './ReportedItem.js';
import './reports.css';
import { pageParam } from '../../routing/pageParam.js';

const pathOf = (page: number) => (page > 1 ? `${ADMIN_PATHS.reports}?page=${page}` : ADMIN_PATHS.reports);

/** What an admin reads for a refusal, by its code; other refusals keep the server's words. */
function explain(errors: readonly ApiError[]): ApiError[] {
  return errors.map((error) => {
    if (error.code === ErrorCode.NotFound) return { ...error, message: 'This post or comment no longer exists.' };
    if (error.code === ErrorCode.OwnAccount)
      return { ...error, message: 'You wrote this yourself: ask another admin to ban you.' };
    return error;
  });
}

/**
 * /admin/reports: posts and comments members reported, one entry per post or comment with its
 * open reports, the most recently reported first. Hide it, dismiss its reports, or ban its
 * writer; each closes all its open reports. The list reloads when a report notification reaches
 * this tab (the first report of a post or comment), and on Refresh.
 */
export function AdminReportsTab() {
  const { search } = useLocation();
  const page = pageParam(search);
  const list = useApiData<Paged<ReportQueueItem>>(`${ADMIN_REPORT_ENDPOINTS.queue}?page=${page}`);
  const outcome = useActionOutcome(explain);
  const newestReportNotice = useAtomValue(uiNotificationsAtom).latest.find(
    (notification) => notification.type === 'report_received',
  )?.id;
  const { reload } = list;
  const seenNotice = useRef(newestReportNotice);
  useEffect(() => {
    if (newestReportNotice === seenNotice.current) return;
    seenNotice.current = newestReportNotice;
    reload();
  }, [newestReportNotice, reload]);

  const done = (result: ApiResult<unknown>, success: string) => {
    outcome.done(result, success);
    reload();
  };

  return (
    <section aria-labelledby="admin-reports-heading">
      <div className="admin-section-head">
        <h2 id="admin-reports-heading" className="section-heading">
          Reports
        </h2>
        <button type="button" className="button button-small" onClick={reload} disabled={list.loading}>
          {list.loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="admin-reports-intro">
        Posts and comments members reported, the most recently reported first. Hiding leaves them to their writer and admins (a
        post also leaves the surf bar); dismissing keeps them up; banning suspends the writer’s login and hides the item. Each
        closes every open report of it.
      </p>
      <ActionOutcomeView outcome={outcome} />
      <PagedListState
        list={list}
        page={page}
        pathForPage={pathOf}
        loadingLabel="Loading the reports…"
        emptyTitle="No open reports: nothing members reported is waiting for you."
        pagerLabel="Report pages"
        onRetry={reload}
      >
        {(data) => (
          <ul className="admin-orders" data-testid="admin-reports-queue">
            {data.items.map((item) => (
              <ReportedItem key={`${item.targetType}:${item.targetId}`} item={item} onResult={done} />
            ))}
          </ul>
        )}
      </PagedListState>
    </section>
  );
}
