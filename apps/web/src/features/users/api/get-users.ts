import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type User } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
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
