import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@community/shared';
import { dayStart } from './local-day';

/** A list is fresh for 15 seconds. */
const LIST_STALE_MS = 15_000;

/**
 * What a list asks the server for; a page holds 25 rows unless `limit` says otherwise. `sort` is
 * `field` or `-field`; `filters` are the list's named filters, as the screen keeps them in its URL.
 */
export type ListParams = { page?: number; q?: string; limit?: number; sort?: string; filters?: Record<string, string> };

/** The list's filters, each day among them the person's own day. */
function setFilters(search: URLSearchParams, filters: Record<string, string>) {
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, dayStart(value));
}

/** The params in the query string the list routes read. */
export function listSearch({ page, q, limit = DEFAULT_PAGE_SIZE, sort, filters = {} }: ListParams): string {
  const search = new URLSearchParams();
  if (page !== undefined) search.set('page', String(page));
  search.set('limit', String(limit));
  if (q) search.set('q', q);
  if (sort) search.set('sort', sort);
  setFilters(search, filters);
  return search.toString();
}

/** The same, without paging: what an export of the list is asked with. */
export function exportSearch({ q, sort, filters = {} }: ListParams): string {
  const search = new URLSearchParams();
  setFilters(search, filters);
  if (q) search.set('q', q);
  if (sort) search.set('sort', sort);
  return search.toString();
}

/**
 * A paged list is fresh for 15 s and never retried (a failed page says so at once), and keeps the
 * page on screen while the next one loads.
 */
export const pagedListConfig = { staleTime: LIST_STALE_MS, retry: false, placeholderData: keepPreviousData } as const;

/** A whole list for a picker: fresh for 15 s, retried as any other query. */
export const choicesConfig = { staleTime: LIST_STALE_MS } as const;
