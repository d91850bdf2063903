import { apiRoutes, type Notification, type NotificationList } from '@community/shared';
import { api, getRevalidated } from '../../lib/api-client';

export const listNotifications = (params: { limit: number; unread?: boolean }, signal?: AbortSignal) => {
  const search = new URLSearchParams({ page: '1', limit: String(params.limit) });
  if (params.unread) search.set('unread', '1');
  return getRevalidated<NotificationList>(`${apiRoutes.notifications}?${search}`, signal);
};

export const markNotificationRead = (id: string) =>
  api<Notification>('POST', `${apiRoutes.notifications}/${id}/read`, { body: {} });

export const markAllNotificationsRead = () => api<{ updated: number }>('POST', apiRoutes.notifications, { body: {} });
