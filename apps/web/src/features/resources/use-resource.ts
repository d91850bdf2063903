import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@community/shared';
import { api } from '../../lib/api-client';

/** Spec section 9: lists are cached 15 s and never retried. */
export const LIST_STALE_MS = 15_000;

export type ListParams = { page: number; q: string; limit?: number };

export const resourceListKey = (path: string, params?: ListParams) => (params ? [path, 'list', params] : [path]);

export function useResourceList<T>(path: string, params: ListParams) {
  return useQuery({
    queryKey: resourceListKey(path, params),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit ?? 25) });
      if (params.q) search.set('q', params.q);
      return api<ListResponse<T>>('GET', `${path}?${search}`, { signal });
    },
    staleTime: LIST_STALE_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** Create, update and delete of one resource; every success refreshes its lists. */
export function useResourceMutations<Body>(path: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: resourceListKey(path) });
  return {
    create: useMutation({ mutationFn: (body: Body) => api('POST', path, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Body }) => api('PUT', `${path}/${id}`, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api('DELETE', `${path}/${id}`), onSuccess }),
  };
}
