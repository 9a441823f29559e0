import type { AppNotification, NotificationPage } from '@eco/domain';
import { DEFAULT_PAGE_SIZE } from '@eco/domain/constants';
import { apiRequest } from '../../lib/api-client';

// Browser calls of the bell, the drawer, the dialog and the notifications page; each throws ApiError on failure.

export function notificationsApiPath(page: number, pageSize = DEFAULT_PAGE_SIZE): string {
  return `/api/notifications?page=${page}&pageSize=${pageSize}`;
}

export function fetchNotifications(page = 1, pageSize = DEFAULT_PAGE_SIZE): Promise<NotificationPage> {
  return apiRequest<NotificationPage>(notificationsApiPath(page, pageSize));
}

/** Toggles read / unread (PUT with an empty body) and answers the notification as it is now. */
export async function toggleNotificationRead(id: string): Promise<AppNotification> {
  const { notification } = await apiRequest<{ notification: AppNotification }>(
    `/api/notification/${encodeURIComponent(id)}`,
    { method: 'PUT' },
  );
  return notification;
}

/** Deletes a read notification (the API refuses unread ones). */
export function deleteNotification(id: string): Promise<void> {
  return apiRequest<void>(`/api/notification/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
