import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type Permission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
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
