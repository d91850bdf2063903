import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notification-calls';

/** Spec section 9: polled every 15 s, list stale after 30 s, 20 in the panel, 10 for the badge. */
export const NOTIFICATION_POLL_MS = 15_000;
export const NOTIFICATION_STALE_MS = 30_000;
export const NOTIFICATION_PANEL_LIMIT = 20;
export const NOTIFICATION_BADGE_LIMIT = 10;
export const BADGE_CAP = 99;

const notificationsKey = ['notifications'] as const;

/** The unread count, polled; TanStack Query pauses the interval while the tab is hidden. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: [...notificationsKey, 'badge'],
    queryFn: ({ signal }) => listNotifications({ limit: NOTIFICATION_BADGE_LIMIT, unread: true }, signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    select: (list) => list.unread,
  });

const panelKey = [...notificationsKey, 'panel'];

/** The panel's list, refreshed whenever the polled unread count moves. */
export function useNotificationList(isOpen: boolean, unread: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (unread !== undefined) void queryClient.invalidateQueries({ queryKey: panelKey, refetchType: 'active' });
  }, [queryClient, unread]);
  return useQuery({
    queryKey: panelKey,
    queryFn: ({ signal }) => listNotifications({ limit: NOTIFICATION_PANEL_LIMIT }, signal),
    enabled: isOpen,
    staleTime: NOTIFICATION_STALE_MS,
    retry: false,
    refetchInterval: isOpen ? NOTIFICATION_POLL_MS : false,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: notificationsKey });
  return {
    markOne: useMutation({ mutationFn: markNotificationRead, onSuccess }),
    markAll: useMutation({ mutationFn: markAllNotificationsRead, onSuccess }),
  };
}

export const badgeText = (unread: number) => (unread > BADGE_CAP ? `${BADGE_CAP}+` : String(unread));
