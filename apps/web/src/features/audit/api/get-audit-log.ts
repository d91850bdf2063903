import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type AuditEvent, type AuditLogFilters, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { pagedListConfig } from '../../../lib/list-query';
import { auditKeys } from './keys';

/** The filters that are set, as a query string. */
export function auditSearch(filters: AuditLogFilters): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
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
