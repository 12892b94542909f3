import { NOTIFICATION_ENDPOINTS } from '@shared/notifications/notifications.js';
import { api } from '../api/api.js';
import type { ApiResult } from '../api/apiClient.js';
import { notificationsRead } from './receiveNotifications.js';

/**
 * Marks notifications read. The server tells the user's other tabs (the API client sends this
 * tab's connection id, so this one is left out); this tab applies the answer itself.
 */
export async function markNotificationRead(id: number): Promise<ApiResult<{ unread: number }>> {
  const result = await api.post<{ unread: number }>(`${NOTIFICATION_ENDPOINTS.one}/${id}/read`);
  if (result.data) notificationsRead([id], result.data.unread);
  return result;
}

export async function markAllNotificationsRead(): Promise<ApiResult<{ unread: number }>> {
  const result = await api.post<{ unread: number }>(NOTIFICATION_ENDPOINTS.readAll);
  if (result.data) notificationsRead(null, result.data.unread);
  return result;
}
