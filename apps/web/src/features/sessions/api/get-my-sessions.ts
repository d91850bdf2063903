import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type SessionList } from '@community/shared';
import { api } from '../../../lib/api-client';
import { sessionKeys } from './keys';

export const getMySessions = (signal?: AbortSignal) => api<SessionList>('GET', apiRoutes.sessions, { signal });

export const getMySessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.mine(), queryFn: ({ signal }) => getMySessions(signal) });

export const useMySessions = () => useQuery(getMySessionsQueryOptions());
