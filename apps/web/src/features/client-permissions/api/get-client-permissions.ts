import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type ClientPermission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { clientPermissionKeys } from './keys';

export const getClientPermissions = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<ClientPermission>>('GET', `${apiRoutes.clientPermissions}?${listSearch(params)}`, { signal });

export const getClientPermissionsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: clientPermissionKeys.list(params),
    queryFn: ({ signal }) => getClientPermissions(params, signal),
    ...pagedListConfig,
  });

export const useClientPermissions = (params: ListParams) => useQuery(getClientPermissionsQueryOptions(params));
