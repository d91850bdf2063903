import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type AuditEvent, type AuditLogFilters, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { pagedListConfig } from '../../../lib/list-query';
import { dayEnd, dayStart } from '../../../lib/local-day';
import { auditKeys } from './keys';

/**
 * The filters that are set, as a query string. From and To are the person's own days, To one
 * included: entries of today are found "from today to today".
 */
export function auditSearch(filters: AuditLogFilters): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    const text = String(value);
    search.set(name, name === 'from' ? dayStart(text) : name === 'to' ? dayEnd(text) : text);
  }
  return search.toString();
}

export const getAuditLog = (filters: AuditLogFilters, signal?: AbortSignal) =>
  api<ListResponse<AuditEvent>>('GET', `${apiRoutes.auditLog}?${auditSearch(filters)}`, { signal });

export const getAuditLogQueryOptions = (filters: AuditLogFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => getAuditLog(filters, signal),
    ...pagedListConfig,
  });

export const useAuditLog = (filters: AuditLogFilters) => useQuery(getAuditLogQueryOptions(filters));
