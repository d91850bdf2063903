import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type AuditLogFilters } from '@community/shared';
import { download } from '../../../lib/api-client';
import { auditSearch } from './get-audit-log';

/** Every entry the filters match, saved as a CSV file. */
export const exportAuditLog = ({ page: _page, limit: _limit, ...filters }: AuditLogFilters) =>
  download(`${apiRoutes.auditLog}/export.csv?${auditSearch(filters)}`, 'audit-log.csv');

export const useExportAuditLog = () => useMutation({ mutationFn: exportAuditLog });
