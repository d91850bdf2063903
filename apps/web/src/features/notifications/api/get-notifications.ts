import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRoutes, type NotificationList } from '@community/shared';
import { getRevalidated } from '../../../lib/api-client';
import { notificationKeys, type NotificationParams } from './keys';

/** The badge and the open panel ask every 15 s; the panel's list is fresh for 30 s. */
const POLL_MS = 15_000;
const PANEL_STALE_MS = 30_000;
/** The panel shows the latest 20; the badge reads the unread count off a list of 10. */
const PANEL_LIMIT = 20;
const BADGE_LIMIT = 10;

/** The first page, newest first; revalidated, so an unchanged list costs no body. */
export const getNotifications = (params: NotificationParams, signal?: AbortSignal) => {
  const search = new URLSearchParams({ page: '1', limit: String(params.limit) });
  if (params.unread) search.set('unread', '1');
  return getRevalidated<NotificationList>(`${apiRoutes.notifications}?${search}`, signal);
};

export const getNotificationsQueryOptions = (params: NotificationParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    retry: false,
  });

/** The unread count, polled; TanStack Query pauses the interval while the tab is hidden. */
export const useUnreadNotificationCount = () =>
  useQuery({
    ...getNotificationsQueryOptions({ limit: BADGE_LIMIT, unread: true }),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    select: (list) => list.unread,
  });

const panelParams = { limit: PANEL_LIMIT };

/** The panel's list, read while it is open and refreshed whenever the polled unread count moves. */
export function useNotifications({ isOpen, unread }: { isOpen: boolean; unread: number | undefined }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (unread === undefined) return;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list(panelParams), refetchType: 'active' });
  }, [queryClient, unread]);
  return useQuery({
    ...getNotificationsQueryOptions(panelParams),
    enabled: isOpen,
    staleTime: PANEL_STALE_MS,
    refetchInterval: isOpen ? POLL_MS : false,
  });
}
