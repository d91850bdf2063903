import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes, languageOf, localizePermissionName } from '@community/shared';
import type { Permission } from '@community/shared';
import { Alert } from '../../components/ui/alert';
import { useListRights, useMay } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { Button } from '../../components/ui/button';
import { PermissionForm } from '../../features/permissions/components/permission-form';
import { useDeletePermission } from '../../features/permissions/api/delete-permission';
import { usePermissions } from '../../features/permissions/api/get-permissions';
import { useReinitiatePermissions } from '../../features/permissions/api/reinitiate-permissions';
import { getErrorMessage } from '../../lib/api-client';

export function PermissionsRoute() {
  const { t, i18n } = useTranslation();
  const rights = useListRights(apiRoutes.permissions);
  // What the product installed reads in the screen's language; what an administrator wrote, as written.
  const language = languageOf(i18n.resolvedLanguage);
  const nameOf = (row: Permission) => localizePermissionName(row.name, language);
  const maySync = useMay()('POST', apiRoutes.reinitiatePermissions);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string }>();
  const sync = useReinitiatePermissions({
    mutationConfig: {
      onSuccess: ({ createdCount }) =>
        setOutcome({ tone: 'success', text: t('permissions.synced', { count: createdCount }) }),
      onError: (error) => setOutcome({ tone: 'error', text: getErrorMessage(error, t('permissions.syncError')) }),
    },
  });
  const columns: Column<Permission>[] = [
    { header: t('fields.name'), cell: nameOf, sort: 'name' },
    { header: t('fields.method'), cell: (row) => row.method, sort: 'method', isShort: true },
    {
      header: t('fields.route'),
      cell: (row) => <code className="text-xs">{row.route}</code>,
      sort: 'route',
      isToken: true,
    },
    { header: t('fields.auth'), cell: (row) => (row.auth ? t('common.yes') : t('common.no')) },
  ];
  return (
    <div className="flex flex-col gap-4">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ResourceScreen<Permission>
        useList={usePermissions}
        rights={rights}
        useDelete={useDeletePermission}
        defaultSort="route"
        columns={columns}
        rowName={nameOf}
        texts={resourceTexts(t, 'permissions')}
        renderForm={(props) => <PermissionForm {...props} />}
        actions={
          maySync && (
            <Button variant="secondary" isBusy={sync.isPending} onClick={() => sync.mutate()}>
              <RefreshCw className="size-4" aria-hidden />
              {t('permissions.reinitiate')}
            </Button>
          )
        }
      />
    </div>
  );
}
