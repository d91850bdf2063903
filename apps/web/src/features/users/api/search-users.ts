import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type User } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch } from '../../../lib/list-query';
import { userKeys } from './keys';

/** A picker shows this many matches for what was typed. */
const MATCHES_SHOWN = 10;

export const searchUsers = (term: string, filters: Record<string, string>, signal?: AbortSignal) =>
  api<ListResponse<User>>('GET', `${apiRoutes.users}?${listSearch({ q: term, limit: MATCHES_SHOWN, filters })}`, {
    signal,
  });

export const searchUsersQueryOptions = (term: string, filters: Record<string, string> = {}) =>
  queryOptions({
    queryKey: userKeys.search(term, filters),
    queryFn: ({ signal }) => searchUsers(term, filters, signal),
    enabled: term.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

function useMatchingUsers(term: string, filters?: Record<string, string>) {
  const query = useQuery(searchUsersQueryOptions(term, filters));
  return {
    options: term
      ? (query.data?.data ?? []).map((user) => ({ value: user._id, label: user.name, detail: user.email }))
      : [],
    isLoading: query.isFetching,
  };
}

/** The people whose name or email holds `term`, as a picker's options. */
export const useUserOptions = (term: string) => useMatchingUsers(term);

const MAY_SIGN_IN = { confirmed: 'true', blocked: 'false' };

/** The same among those who may sign in: the only ones a role is given to. */
export const useActiveUserOptions = (term: string) => useMatchingUsers(term, MAY_SIGN_IN);
