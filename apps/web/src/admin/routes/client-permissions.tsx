import { useTranslation } from 'react-i18next';
import { apiRoutes, languageOf, localizeMenuName } from '@community/shared';
import type { ClientPermission } from '@community/shared';
import { useListRights } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { ClientPermissionForm } from '../../features/client-permissions/components/client-permission-form';
import { useDeleteClientPermission } from '../../features/client-permissions/api/delete-client-permission';
import { useClientPermissions } from '../../features/client-permissions/api/get-client-permissions';

export function ClientPermissionsRoute() {
  const { t, i18n } = useTranslation();
  const rights = useListRights(apiRoutes.clientPermissions);
  // What the product installed reads in the screen's language; what an administrator wrote, as written.
  const language = languageOf(i18n.resolvedLanguage);
  const nameOf = (row: ClientPermission) => localizeMenuName(row.name, language);
  const columns: Column<ClientPermission>[] = [
    { header: t('fields.name'), cell: nameOf },
    { header: t('fields.menu'), cell: (row) => row.menu },
    { header: t('fields.menuOrder'), cell: (row) => row.menu_order },
    { header: t('fields.path'), cell: (row) => row.path, isToken: true },
    { header: t('fields.auth'), cell: (row) => (row.auth ? t('common.yes') : t('common.no')) },
  ];
  return (
    <ResourceScreen<ClientPermission>
      useList={useClientPermissions}
      rights={rights}
      useDelete={useDeleteClientPermission}
      columns={columns}
      rowName={nameOf}
      texts={resourceTexts(t, 'clientPermissions')}
      renderForm={(props) => <ClientPermissionForm {...props} />}
    />
  );
}
