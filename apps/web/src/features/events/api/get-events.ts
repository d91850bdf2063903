import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type EventRecord, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { eventKeys } from './keys';

export const getEvents = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<EventRecord>>('GET', `${apiRoutes.events}?${listSearch(params)}`, { signal });

export const getEventsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => getEvents(params, signal),
    ...pagedListConfig,
  });

export const useEvents = (params: ListParams) => useQuery(getEventsQueryOptions(params));
