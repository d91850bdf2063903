import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type UserRole } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { userRoleKeys } from './keys';

export const getUserRoles = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<UserRole>>('GET', `${apiRoutes.userRoles}?${listSearch(params)}`, { signal });

export const getUserRolesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: userRoleKeys.list(params),
    queryFn: ({ signal }) => getUserRoles(params, signal),
    ...pagedListConfig,
  });

export const useUserRoles = (params: ListParams) => useQuery(getUserRolesQueryOptions(params));
