import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ContactMessage, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig } from '../../../lib/list-query';
import { contactMessageKeys, type ContactMessagesFilters } from './keys';

export const getContactMessages = ({ status, ...list }: ContactMessagesFilters, signal?: AbortSignal) => {
  const search = new URLSearchParams(listSearch(list));
  if (status) search.set('status', status);
  return api<ListResponse<ContactMessage>>('GET', `${apiRoutes.contactMessages}?${search}`, { signal });
};

export const getContactMessagesQueryOptions = (filters: ContactMessagesFilters) =>
  queryOptions({
    queryKey: contactMessageKeys.list(filters),
    queryFn: ({ signal }) => getContactMessages(filters, signal),
    ...pagedListConfig,
  });

export const useContactMessages = (filters: ContactMessagesFilters) =>
  useQuery(getContactMessagesQueryOptions(filters));
