import { useTranslation } from 'react-i18next';
import { apiRoutes, type Role } from '@community/shared';
import { ResourceScreen, type Column } from '../../features/resources/resource-screen';
import { resourceTexts } from '../../features/resources/resource-texts';
import { RoleForm } from '../../features/roles/components/role-form';

export function RolesRoute() {
  const { t } = useTranslation();
  const columns: Column<Role>[] = [
    { header: t('fields.name'), cell: (row) => row.name },
    { header: t('roles.type'), cell: (row) => row.type },
    { header: t('fields.description'), cell: (row) => row.description ?? '' },
    { header: t('roles.permissions'), cell: (row) => (row.type === 'admin' ? t('roles.all') : row.permission.length) },
    { header: t('roles.clientPermissions'), cell: (row) => row.clientPermissions.map((cp) => cp.name).join(', ') },
  ];
  return (
    <ResourceScreen<Role>
      path={apiRoutes.roles}
      columns={columns}
      texts={resourceTexts(t, 'roles')}
      renderForm={(props) => <RoleForm {...props} />}
    />
  );
}
