import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The key every notification query sits under. */
export const NOTIFICATIONS = ['notifications'] as const;
/** The key of what the signed-in person may call, which decides the buttons a screen offers. */
export const MY_PERMISSIONS = ['my-permissions'] as const;
/** The key of the signed-in person's menu, under the client permissions' own. */
export const MY_MENU = ['client-permissions', 'user-categories'] as const;

/**
 * A refusal means the person's grants changed since they were read (a role edited meanwhile): they
 * are read again with the menu, so the buttons and the menu entries the server no longer honours
 * go. Not for their own reads, which would ask again and again.
 */
function rereadGrantsOn(error: Error, key?: QueryKey) {
  if (!(error instanceof ApiError) || error.status !== 403) return;
  if (key?.[0] === MY_PERMISSIONS[0] || (key?.[0] === MY_MENU[0] && key[1] === MY_MENU[1])) return;
  void queryClient.invalidateQueries({ queryKey: MY_PERMISSIONS });
  void queryClient.invalidateQueries({ queryKey: MY_MENU });
}

/**
 * General defaults: unused data kept 5 minutes, 3 retries backing off from 1 s to 30 s, none for a
 * refusal (a 4xx answer comes out the same however often it is asked). After any
 * change a person makes, the notification badge is read again (an unchanged one answers 304): a
 * decided registration, a password changed or a reply sent may have added or settled some, and
 * the badge would otherwise wait for its next poll.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => rereadGrantsOn(error, query.queryKey) }),
  mutationCache: new MutationCache({
    // After the caller's own follow-up (a password change stores its new token first).
    onSuccess: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS, refetchType: 'active' }));
    },
    onError: (error) => rereadGrantsOn(error),
  }),
  defaultOptions: {
    queries: {
      gcTime: 5 * 60 * 1000,
      retry: (failures, error) => failures < 3 && !(error instanceof ApiError && error.status < 500),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      refetchOnWindowFocus: false,
    },
  },
});
