import { useTranslation } from 'react-i18next';
import { apiRoutes, languageOf, localizeMessage, messages } from '@community/shared';
import type { UserRole } from '@community/shared';
import { useIsAdmin, useListRights } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { useRoleOptions } from '../../features/roles/api/search-roles';
import { useDeleteUserRole } from '../../features/user-roles/api/delete-user-role';
import { useUserRoles } from '../../features/user-roles/api/get-user-roles';
import { UserRoleForm } from '../../features/user-roles/components/user-role-form';
import { useActiveUserOptions } from '../../features/users/api/search-users';

export function UserRolesRoute() {
  const { t, i18n } = useTranslation();
  const rights = useListRights(apiRoutes.userRoles);
  const isAdmin = useIsAdmin();
  const columns: Column<UserRole>[] = [
    { header: t('userRoles.user'), cell: (row) => `${row.user.name} <${row.user.email}>`, isToken: true },
    { header: t('userRoles.role'), cell: (row) => row.role.name },
  ];
  return (
    <ResourceScreen<UserRole>
      useList={useUserRoles}
      rights={rights}
      useDelete={useDeleteUserRole}
      columns={columns}
      rowName={(row) => `${row.user.name} (${row.role.name})`}
      // Only an administrator gives or takes away an administrator role.
      whyUnchangeable={(row) =>
        row.role.type === 'admin' && !isAdmin
          ? localizeMessage(messages.adminOnly, languageOf(i18n.resolvedLanguage))
          : undefined
      }
      texts={resourceTexts(t, 'userRoles')}
      renderForm={(props) => (
        <UserRoleForm {...props} useUserOptions={useActiveUserOptions} useRoleOptions={useRoleOptions} />
      )}
    />
  );
}
