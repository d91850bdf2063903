import { useTranslation } from 'react-i18next';
import { apiRoutes, type ClientPermission } from '@community/shared';
import { ClientPermissionForm } from '../../features/client-permissions/components/client-permission-form';
import { ResourceScreen, type Column } from '../../features/resources/resource-screen';
import { resourceTexts } from '../../features/resources/resource-texts';

export function ClientPermissionsRoute() {
  const { t } = useTranslation();
  const columns: Column<ClientPermission>[] = [
    { header: t('fields.name'), cell: (row) => row.name },
    { header: t('fields.menu'), cell: (row) => row.menu },
    { header: t('fields.menuOrder'), cell: (row) => row.menu_order },
    { header: t('fields.path'), cell: (row) => row.path },
    { header: t('fields.auth'), cell: (row) => (row.auth ? t('common.yes') : t('common.no')) },
  ];
  return (
    <ResourceScreen<ClientPermission>
      path={apiRoutes.clientPermissions}
      columns={columns}
      texts={resourceTexts(t, 'clientPermissions')}
      renderForm={(props) => <ClientPermissionForm {...props} />}
    />
  );
}
