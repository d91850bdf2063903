import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type SessionList } from '@community/shared';
import { api } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** Where someone is signed in, as an administrator sees it. */
export const getUserSessions = (userId: string, signal?: AbortSignal) =>
  api<SessionList>('GET', `${apiRoutes.users}/${userId}/sessions`, { signal });

export const getUserSessionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: sessionKeys.of(userId), queryFn: ({ signal }) => getUserSessions(userId, signal) });

export const useUserSessions = (userId: string) => useQuery(getUserSessionsQueryOptions(userId));
