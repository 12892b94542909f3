import type { NotificationItem } from '@shared/notifications/notifications.js';

/** What changed in the user's notifications: new ones (oldest first), or some or all (`ids` null) read. */
export type NotificationChange = { kind: 'new'; notifications: NotificationItem[] } | { kind: 'read'; ids: number[] | null };

const listeners = new Set<(change: NotificationChange) => void>();

/** Lets an open notifications list follow live changes. Answers the unsubscribe. */
export function onNotificationChange(listener: (change: NotificationChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceNotificationChange(change: NotificationChange): void {
  listeners.forEach((listener) => listener(change));
}
