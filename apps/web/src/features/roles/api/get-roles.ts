import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type Role } from '@community/shared';
import { api } from '../../../lib/api-client';
import { choicesConfig, listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { GRANTABLE_ONLY } from '../../../lib/search-options';
import { roleKeys, type RoleChoices } from './keys';

export const getRoles = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<Role>>('GET', `${apiRoutes.roles}?${listSearch(params)}`, { signal });

export const getRolesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => getRoles(params, signal),
    ...pagedListConfig,
  });

export const useRoles = (params: ListParams) => useQuery(getRolesQueryOptions(params));

/** Up to `limit` roles at once (the server answers at most 1,000), for a picker. */
export const getRoleChoicesQueryOptions = (limit: number, which: RoleChoices) =>
  queryOptions({
    queryKey: roleKeys.choices(limit, which),
    queryFn: ({ signal }) => getRoles({ limit, filters: which === 'grantable' ? GRANTABLE_ONLY : {} }, signal),
    ...choicesConfig,
  });

/** `enabled`: false for a reader who may not list roles, who is spared a refused request. */
export const useRoleChoices = (limit: number, which: RoleChoices, enabled = true) =>
  useQuery({ ...getRoleChoicesQueryOptions(limit, which), enabled });
