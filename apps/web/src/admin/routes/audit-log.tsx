import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ForbiddenScreen, isForbidden } from '../../components/resource-list/forbidden-screen';
import { PaginationBar } from '../../components/resource-list/pagination';
import { emptyListText, titleWithTotal } from '../../components/resource-list/total-text';
import { useListUrl } from '../../components/resource-list/use-list-url';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useExportAuditLog } from '../../features/audit/api/export-audit-log';
import { useAuditLog } from '../../features/audit/api/get-audit-log';
import { AuditFilters, type AuditScreenFilters } from '../../features/audit/components/audit-filters';
import { AuditLogTable } from '../../features/audit/components/audit-log-table';
import { useUserOptions } from '../../features/users/api/search-users';
import { getErrorMessage } from '../../lib/api-client';
import { apiRoutes, type AuditEvent } from '@community/shared';
import { useMay } from '../use-rights';

/** Filters kept in the URL, so the back button and a shared link show the same entries. */
const FILTER_NAMES = ['actor', 'actorName', 'action', 'targetType', 'targetId', 'targetLabel', 'from', 'to'] as const;

/** "Everything about this" means every entry on it: whoever made it, of any kind, at any time. */
const EVERY_ENTRY = { actor: undefined, actorName: undefined, action: undefined, from: undefined, to: undefined };
const aboutTarget = (target: NonNullable<AuditEvent['target']>) => ({
  targetType: target.type,
  targetId: target._id,
  targetLabel: target.label ?? target._id,
});

/** The names the API knows; the others only label the screen. */
const forApi = ({ actorName: _actor, targetLabel: _target, ...filters }: AuditScreenFilters) => filters;

export function AuditLogRoute() {
  const { t } = useTranslation();
  const url = useListUrl(FILTER_NAMES);
  const filters: AuditScreenFilters = { ...url.filters, sort: url.sort };
  const { page, update } = url;
  const log = useAuditLog({ ...forApi(filters), page });
  const exporting = useExportAuditLog();
  // Reading the log and exporting it are separate permissions.
  const mayExport = useMay()('GET', `${apiRoutes.auditLog}/export.csv`);

  const exportFile = () =>
    exporting.mutate(forApi(filters), {
      onError: (error) => toast.error(getErrorMessage(error, t('audit.exportError'))),
    });

  if (isForbidden(log.error))
    return <ForbiddenScreen title={t('audit.title')} error={log.error} fallback={t('audit.fetchError')} />;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{titleWithTotal(t, t('audit.title'), log.data)}</h1>
        {mayExport && (
          <Button variant="secondary" onClick={exportFile} isBusy={exporting.isPending}>
            <Download className="size-4" aria-hidden />
            {t('audit.export')}
          </Button>
        )}
      </div>
      <AuditFilters filters={filters} onChange={update} useActorOptions={useUserOptions} />
      {log.isError ? (
        <Alert tone="error">{getErrorMessage(log.error, t('audit.fetchError'))}</Alert>
      ) : (
        <>
          {log.data && <PaginationBar pagination={log.data} onPage={(next) => update({ page: Math.max(1, next) })} />}
          <AuditLogTable
            events={log.data?.data ?? []}
            isLoading={log.isPending}
            emptyText={emptyListText(t, log.data ?? { total: 0 }, t('audit.empty'))}
            oldestFirst={filters.sort === 'at'}
            onSort={(oldestFirst) => update({ sort: oldestFirst ? 'at' : undefined })}
            onTarget={(target) => update({ ...EVERY_ENTRY, ...aboutTarget(target) })}
          />
          {log.data && (
            <PaginationBar pagination={log.data} onPage={(next) => update({ page: Math.max(1, next) })} isAtEnd />
          )}
        </>
      )}
    </section>
  );
}
