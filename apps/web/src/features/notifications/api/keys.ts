import { NOTIFICATIONS } from '../../../lib/query-client';

const all = NOTIFICATIONS;

export type NotificationParams = { limit: number; unread?: boolean };

/** Every notification query sits under `all`: marking one read refreshes the badge and the panel. */
export const notificationKeys = {
  all,
  list: (params: NotificationParams) => [...all, 'list', params] as const,
};
