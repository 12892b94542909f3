import { useEffect, useState } from 'react';
import { NOTIFICATION_ENDPOINTS, type NotificationItem, type NotificationsPage } from '@shared/notifications/notifications.js';
import { useApiData, type ApiData } from '../api/useApiData.js';
import { onNotificationChange } from './notificationChanges.js';

/**
 * One page of the user's notifications that follows live changes while it is open: new ones
 * go on top of the first page, and ones read here or in another tab lose their unread mark
 * (they keep their place until the next load, so nothing jumps under the reader's pointer).
 */
export function useLiveNotificationsPage(page: number): { list: ApiData<NotificationsPage>; items: NotificationItem[] } {
  const list = useApiData<NotificationsPage>(`${NOTIFICATION_ENDPOINTS.list}?page=${page}`);
  const [shown, setShown] = useState<{ source: NotificationsPage | null; items: NotificationItem[] }>({
    source: null,
    items: [],
  });
  if (shown.source !== list.data) setShown({ source: list.data, items: list.data?.items ?? [] });

  useEffect(
    () =>
      onNotificationChange((change) =>
        setShown((current) => {
          if (!current.source) return current;
          if (change.kind === 'read') {
            const isRead = (id: number) => change.ids === null || change.ids.includes(id);
            return {
              ...current,
              items: current.items.map((item) => (!item.read && isRead(item.id) ? { ...item, read: true } : item)),
            };
          }
          if (page !== 1) return current;
          const known = new Set(current.items.map((item) => item.id));
          const arrived = change.notifications.filter((item) => !known.has(item.id)).reverse();
          return { ...current, items: [...arrived, ...current.items] };
        }),
      ),
    [page],
  );

  return { list, items: shown.items };
}
