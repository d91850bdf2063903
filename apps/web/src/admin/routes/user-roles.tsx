import { useTranslation } from 'react-i18next';
import { apiRoutes, type UserRole } from '@community/shared';
import { ResourceScreen, type Column } from '../../features/resources/resource-screen';
import { resourceTexts } from '../../features/resources/resource-texts';
import { UserRoleForm } from '../../features/user-roles/components/user-role-form';

export function UserRolesRoute() {
  const { t } = useTranslation();
  const columns: Column<UserRole>[] = [
    { header: t('userRoles.user'), cell: (row) => `${row.user.name} <${row.user.email}>` },
    { header: t('userRoles.role'), cell: (row) => row.role.name },
  ];
  return (
    <ResourceScreen<UserRole>
      path={apiRoutes.userRoles}
      columns={columns}
      texts={resourceTexts(t, 'userRoles')}
      renderForm={(props) => <UserRoleForm {...props} />}
    />
  );
}
