import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type User } from '@community/shared';
import { api } from '../../../lib/api-client';
import { choicesConfig, listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { userKeys } from './keys';

export const getUsers = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<User>>('GET', `${apiRoutes.users}?${listSearch(params)}`, { signal });

export const getUsersQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    ...pagedListConfig,
  });

export const useUsers = (params: ListParams) => useQuery(getUsersQueryOptions(params));

/** Up to `limit` users at once (the server answers at most 1,000), for a picker. */
export const getUserChoicesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: userKeys.choices(limit),
    queryFn: ({ signal }) => getUsers({ limit }, signal),
    ...choicesConfig,
  });

export const useUserChoices = (limit: number) => useQuery(getUserChoicesQueryOptions(limit));
