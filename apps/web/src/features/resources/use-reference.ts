import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@community/shared';
import { api } from '../../lib/api-client';
import { LIST_STALE_MS } from './use-resource';

/** A whole reference list for a picker (the spec asks 1e5 or 1e6 rows; the server caps at 1,000). */
export function useReference<T>(path: string, limit: number) {
  return useQuery({
    queryKey: [path, 'reference', limit],
    queryFn: ({ signal }) => api<ListResponse<T>>('GET', `${path}?limit=${limit}`, { signal }),
    staleTime: LIST_STALE_MS,
  });
}
