import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventPaths, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const getEvent = (id: string, signal?: AbortSignal) => api<EventRecord>('GET', eventPaths.one(id), { signal });

export const getEventQueryOptions = (id: string) =>
  queryOptions({ queryKey: eventKeys.one(id), queryFn: ({ signal }) => getEvent(id, signal), retry: false });

export const useEvent = (id: string) => useQuery(getEventQueryOptions(id));
