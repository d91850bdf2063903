import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@community/shared';

/** A list is fresh for 15 seconds. */
const LIST_STALE_MS = 15_000;

/** What a list asks the server for; a page holds 25 rows unless `limit` says otherwise. */
export type ListParams = { page?: number; q?: string; limit?: number };

/** `page`, `limit` and `q`, in the query string the list routes read. */
export function listSearch({ page, q, limit = DEFAULT_PAGE_SIZE }: ListParams): string {
  const search = new URLSearchParams();
  if (page !== undefined) search.set('page', String(page));
  search.set('limit', String(limit));
  if (q) search.set('q', q);
  return search.toString();
}

/**
 * A paged list is fresh for 15 s and never retried (a failed page says so at once), and keeps the
 * page on screen while the next one loads.
 */
export const pagedListConfig = { staleTime: LIST_STALE_MS, retry: false, placeholderData: keepPreviousData } as const;

/** A whole list for a picker: fresh for 15 s, retried as any other query. */
export const choicesConfig = { staleTime: LIST_STALE_MS } as const;
