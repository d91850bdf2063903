import type { AuditLogFilters } from '@community/shared';

const all = ['audit-log'] as const;

export const auditKeys = {
  all,
  list: (filters: AuditLogFilters) => [...all, 'list', filters] as const,
};
