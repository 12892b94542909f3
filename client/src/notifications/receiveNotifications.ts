import type { NotificationItem } from '@shared/notifications/notifications.js';
import { LATEST_NOTIFICATIONS } from '@shared/notifications/notifications.js';
import { appStore } from '../state/store.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { lastNotificationIdAtom } from './lastNotificationIdAtom.js';
import { announceNotificationChange } from './notificationChanges.js';
import { uiNotificationsAtom } from './uiNotificationsAtom.js';

/** More unread arrivals than this at once (a catch-up after a long drop) make one summary toast. */
const TOASTS_AT_ONCE = 3;

/**
 * Ids delivered to this tab since it started. A live notification can overtake the catch-up's
 * answer after a reconnect; an id check against the newest one alone would drop the missed ones.
 */
const delivered = new Set<number>();

/** New notifications (live or caught up after a reconnect): toasts, the counter, the latest list. */
export function receiveNotifications(notifications: NotificationItem[], unread: number): void {
  const current = appStore.get(uiNotificationsAtom);
  const fresh = notifications.filter((notification) => notification.id > current.lastId && !delivered.has(notification.id));
  fresh.forEach((notification) => delivered.add(notification.id));
  const unreadFresh = fresh.filter((notification) => !notification.read);
  if (fresh.length > 0) {
    appStore.set(
      lastNotificationIdAtom,
      Math.max(appStore.get(lastNotificationIdAtom), ...fresh.map((notification) => notification.id)),
    );
  }
  if (unreadFresh.length > TOASTS_AT_ONCE) {
    appStore.set(pushToastAtom, {
      header: `${unreadFresh.length} new notifications`,
      body: 'While you were away.',
      link: '/notifications',
    });
  } else {
    for (const notification of unreadFresh) {
      appStore.set(pushToastAtom, {
        header: notification.heading,
        body: notification.body,
        link: notification.link ?? undefined,
      });
    }
  }
  appStore.set(uiNotificationsAtom, {
    ...current,
    unread,
    latest: [...[...unreadFresh].reverse(), ...current.latest].slice(0, LATEST_NOTIFICATIONS),
  });
  if (fresh.length > 0) announceNotificationChange({ kind: 'new', notifications: fresh });
}

/** Another tab (or this one) read notifications: `ids` null means all of them. */
export function notificationsRead(ids: number[] | null, unread: number): void {
  const current = appStore.get(uiNotificationsAtom);
  appStore.set(uiNotificationsAtom, {
    ...current,
    unread,
    latest: ids === null ? [] : current.latest.filter((notification) => !ids.includes(notification.id)),
  });
  announceNotificationChange({ kind: 'read', ids });
}
