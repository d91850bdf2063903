import { useTranslation } from 'react-i18next';
import type { Role } from '@community/shared';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { useClientPermissionChoices } from '../../features/client-permissions/api/get-client-permissions';
import { usePermissionChoices } from '../../features/permissions/api/get-permissions';
import { useDeleteRole } from '../../features/roles/api/delete-role';
import { useRoles } from '../../features/roles/api/get-roles';
import { RoleForm } from '../../features/roles/components/role-form';

export function RolesRoute() {
  const { t } = useTranslation();
  const columns: Column<Role>[] = [
    { header: t('fields.name'), cell: (row) => row.name, sort: 'name' },
    { header: t('roles.type'), cell: (row) => row.type },
    { header: t('fields.description'), cell: (row) => row.description ?? '' },
    { header: t('roles.permissions'), cell: (row) => (row.type === 'admin' ? t('roles.all') : row.permission.length) },
    { header: t('roles.clientPermissions'), cell: (row) => row.clientPermissions.map((cp) => cp.name).join(', ') },
  ];
  return (
    <ResourceScreen<Role>
      useList={useRoles}
      useDelete={useDeleteRole}
      defaultSort="name"
      columns={columns}
      texts={resourceTexts(t, 'roles')}
      renderForm={(props) => <RoleFormWithChoices {...props} />}
    />
  );
}

/** The pickers' lists are read when the form opens: every permission and client permission. */
function RoleFormWithChoices(props: { row?: Role; onDone: () => void }) {
  const permissions = usePermissionChoices(1e6);
  const clientPermissions = useClientPermissionChoices(1e6);
  return (
    <RoleForm
      {...props}
      permissions={permissions.data?.data ?? []}
      clientPermissions={clientPermissions.data?.data ?? []}
    />
  );
}
