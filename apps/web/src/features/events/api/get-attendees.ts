import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventPaths, type Attendee, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { eventKeys } from './keys';

export const getAttendees = (id: string, params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<Attendee>>('GET', `${eventPaths.attendees(id)}?${listSearch(params)}`, { signal });

export const getAttendeesQueryOptions = (id: string, params: ListParams) =>
  queryOptions({
    queryKey: eventKeys.attendees(id, params),
    queryFn: ({ signal }) => getAttendees(id, params, signal),
    ...pagedListConfig,
  });

/** The members going to one event, as a list screen asks for them. */
export const useAttendees = (id: string, params: ListParams) => useQuery(getAttendeesQueryOptions(id, params));
