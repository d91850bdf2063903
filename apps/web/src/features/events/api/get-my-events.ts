import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type MyEventsResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** The events I said I am going to: upcoming first, then past. */
export const getMyEvents = (signal?: AbortSignal) => api<MyEventsResponse>('GET', apiRoutes.myEvents, { signal });

export const getMyEventsQueryOptions = () =>
  queryOptions({ queryKey: eventKeys.mine(), queryFn: ({ signal }) => getMyEvents(signal), staleTime: 15_000 });

export const useMyEvents = () => useQuery(getMyEventsQueryOptions());
