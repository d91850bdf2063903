import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type Permission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { choicesConfig, listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { permissionKeys } from './keys';

export const getPermissions = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<Permission>>('GET', `${apiRoutes.permissions}?${listSearch(params)}`, { signal });

export const getPermissionsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: permissionKeys.list(params),
    queryFn: ({ signal }) => getPermissions(params, signal),
    ...pagedListConfig,
  });

export const usePermissions = (params: ListParams) => useQuery(getPermissionsQueryOptions(params));

/** Up to `limit` permissions at once (the server answers at most 1,000), for a picker. */
export const getPermissionChoicesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: permissionKeys.choices(limit),
    queryFn: ({ signal }) => getPermissions({ limit }, signal),
    ...choicesConfig,
  });

export const usePermissionChoices = (limit: number) => useQuery(getPermissionChoicesQueryOptions(limit));
