import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, type ListResponse, type ClientPermission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { clientPermissionKeys } from './keys';

export const getClientPermissions = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<ClientPermission>>('GET', `${apiRoutes.clientPermissions}?${listSearch(params)}`, { signal });

export const getClientPermissionsQueryOptions = (params: ListParams, language: string) =>
  queryOptions({
    queryKey: clientPermissionKeys.list(params, language),
    queryFn: ({ signal }) => getClientPermissions(params, signal),
    ...pagedListConfig,
  });

export function useClientPermissions(params: ListParams) {
  const { i18n } = useTranslation();
  return useQuery(getClientPermissionsQueryOptions(params, i18n.resolvedLanguage ?? 'el'));
}
