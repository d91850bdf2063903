import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type Role } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch } from '../../../lib/list-query';
import { roleKeys } from './keys';

/** A picker shows this many matches for what was typed. */
const MATCHES_SHOWN = 10;

export const searchRolesQueryOptions = (term: string) =>
  queryOptions({
    queryKey: roleKeys.search(term),
    queryFn: ({ signal }) =>
      api<ListResponse<Role>>('GET', `${apiRoutes.roles}?${listSearch({ q: term, limit: MATCHES_SHOWN })}`, { signal }),
    enabled: term.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** The roles whose name holds `term`, as a picker's options. */
export function useRoleOptions(term: string) {
  const query = useQuery(searchRolesQueryOptions(term));
  return {
    options: term ? (query.data?.data ?? []).map((role) => ({ value: role._id, label: role.name })) : [],
    isLoading: query.isFetching,
  };
}
