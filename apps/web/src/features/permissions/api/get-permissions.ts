import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, type ListResponse, type Permission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { permissionKeys } from './keys';

export const getPermissions = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<Permission>>('GET', `${apiRoutes.permissions}?${listSearch(params)}`, { signal });

export const getPermissionsQueryOptions = (params: ListParams, language: string) =>
  queryOptions({
    queryKey: permissionKeys.list(params, language),
    queryFn: ({ signal }) => getPermissions(params, signal),
    ...pagedListConfig,
  });

export function usePermissions(params: ListParams) {
  const { i18n } = useTranslation();
  return useQuery(getPermissionsQueryOptions(params, i18n.resolvedLanguage ?? 'el'));
}
