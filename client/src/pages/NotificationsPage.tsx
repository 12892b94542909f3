import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { markAllNotificationsRead, markNotificationRead } from '../notifications/markNotificationsRead.js';
import { NotificationsList } from '../notifications/NotificationsList.js';
import { notificationsPagePath } from '../notifications/notificationsPageNumber.js';
import { pageParam } from '../routing/pageParam.js';
import { uiNotificationsAtom } from '../notifications/uiNotificationsAtom.js';
import { useLiveNotificationsPage } from '../notifications/useLiveNotificationsPage.js';
import { Pager } from '../referrals/Pager.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../referrals/referrals.css';
import '../notifications/notifications.css';

/** The member's notifications, unread first, paged; new ones appear on top while it is open. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const page = pageParam(useLocation().search);
  const { list, items } = useLiveNotificationsPage(page);
  const { unread } = useAtomValue(uiNotificationsAtom);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const [markingAll, setMarkingAll] = useState(false);

  const markOne = async (id: number) => {
    setProblem([]);
    const result = await markNotificationRead(id);
    if (!result.data) setProblem(errorsOrFallback(result.errors, result.status));
    return result.data !== null;
  };

  const markAll = async () => {
    if (markingAll || unread === 0) return;
    setProblem([]);
    setMarkingAll(true);
    const result = await markAllNotificationsRead();
    setMarkingAll(false);
    if (!result.data) setProblem(errorsOrFallback(result.errors, result.status));
  };

  return (
    <div className="page">
      <h1>Notifications</h1>
      <div className="notifications-toolbar">
        <p aria-live="polite" data-testid="unread-summary">
          {unread === 0 ? 'You are all caught up.' : `${unread} unread`}
        </p>
        <button
          type="button"
          className="button button-small"
          aria-disabled={unread === 0 || markingAll || undefined}
          onClick={() => void markAll()}
        >
          {markingAll ? 'Marking…' : 'Mark all as read'}
        </button>
      </div>
      <FormAlert errors={problem} />
      {list.failure ? (
        <ErrorState failure={list.failure} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label="Loading your notifications…" />
      ) : items.length > 0 ? (
        <>
          <NotificationsList items={items} onMarkRead={markOne} />
          <Pager page={list.data.page} pages={list.data.pages} pathFor={notificationsPagePath} label="Notification pages" />
        </>
      ) : page > list.data.pages ? (
        <EmptyState title={`There is no page ${page}.`}>
          <Link to={notificationsPagePath(list.data.pages)}>Go to the last page</Link>
        </EmptyState>
      ) : (
        <EmptyState title="You have no notifications yet.">
          <p>
            When someone signs up through your link, a campaign runs out of credits or the team writes to you, it shows up here.
          </p>
        </EmptyState>
      )}
    </div>
  );
}
