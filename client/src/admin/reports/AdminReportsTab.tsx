import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ADMIN_REPORT_ENDPOINTS, type ReportQueueItem } from '@shared/admin/reports.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import type { ApiResult } from '../../api/apiClient.js';
import { useApiData } from '../../api/useApiData.js';
import { PagedListState } from '../../feedback/PagedListState.js';
import { errorsOrFallback, isSuccess } from '../../forms/fieldErrors.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { uiNotificationsAtom } from '../../notifications/uiNotificationsAtom.js';
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
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const noticeRef = useRef<HTMLDivElement>(null);
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
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = (result: ApiResult<unknown>, success: string) => {
    if (isSuccess(result.status)) {
      setErrors([]);
      setNotice(success);
    } else {
      setNotice(null);
      setErrors(explain(errorsOrFallback(result.errors, result.status)));
    }
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
      <div ref={noticeRef} tabIndex={-1} role="status" className={notice ? 'status-message admin-notice' : undefined}>
        {notice && <p>{notice}</p>}
      </div>
      <FormAlert errors={errors} />
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
