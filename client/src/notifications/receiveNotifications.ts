import type { NotificationItem } from '@shared/notifications/notifications.js';
import { LATEST_NOTIFICATIONS } from '@shared/notifications/notifications.js';
import { appStore } from '../state/store.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { lastNotificationIdAtom } from './lastNotificationIdAtom.js';
import { uiNotificationsAtom } from './uiNotificationsAtom.js';

/** New notifications (live or caught up after a reconnect): a toast each, the counter, the latest list. */
export function receiveNotifications(notifications: NotificationItem[], unread: number): void {
  const seen = appStore.get(lastNotificationIdAtom);
  const fresh = notifications.filter((notification) => notification.id > seen);
  if (fresh.length > 0) {
    appStore.set(lastNotificationIdAtom, Math.max(...fresh.map((notification) => notification.id)));
    for (const notification of fresh) {
      appStore.set(pushToastAtom, { header: notification.heading, body: notification.body, link: notification.link ?? undefined });
    }
  }
  const current = appStore.get(uiNotificationsAtom);
  const unreadFresh = fresh.filter((notification) => !notification.read).reverse();
  appStore.set(uiNotificationsAtom, {
    ...current,
    unread,
    latest: [...unreadFresh, ...current.latest].slice(0, LATEST_NOTIFICATIONS),
  });
}

/** Another tab (or this one) read notifications. */
export function notificationsRead(ids: number[] | null, unread: number): void {
  const current = appStore.get(uiNotificationsAtom);
  appStore.set(uiNotificationsAtom, {
    ...current,
    unread,
    latest: ids === null ? [] : current.latest.filter((notification) => !ids.includes(notification.id)),
  });
}
