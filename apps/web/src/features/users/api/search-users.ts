import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type User } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch } from '../../../lib/list-query';
import { userKeys } from './keys';

/** A picker shows this many matches for what was typed. */
const MATCHES_SHOWN = 10;

export const searchUsers = (term: string, signal?: AbortSignal) =>
  api<ListResponse<User>>('GET', `${apiRoutes.users}?${listSearch({ q: term, limit: MATCHES_SHOWN })}`, { signal });

export const searchUsersQueryOptions = (term: string) =>
  queryOptions({
    queryKey: userKeys.search(term),
    queryFn: ({ signal }) => searchUsers(term, signal),
    enabled: term.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** The people whose name or email holds `term`, as a picker's options. */
export function useUserOptions(term: string) {
  const query = useQuery(searchUsersQueryOptions(term));
  return {
    options: term
      ? (query.data?.data ?? []).map((user) => ({ value: user._id, label: user.name, detail: user.email }))
      : [],
    isLoading: query.isFetching,
  };
}
