import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  localizeMenuName,
  localizeMessage,
  localizeRoleDescription,
  messages,
  type Role,
  type RoleType,
  apiRoutes,
} from '@community/shared';
import { useIsAdmin, useListRights, useMay } from '../use-rights';
import { totalText } from '../../components/resource-list/total-text';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import {
  menuEntryLabel,
  useClientPermissionOptions,
} from '../../features/client-permissions/api/search-client-permissions';
import { permissionLabel, usePermissionOptions } from '../../features/permissions/api/search-permissions';
import { useDeleteRole } from '../../features/roles/api/delete-role';
import { useRoles } from '../../features/roles/api/get-roles';
import { RoleForm } from '../../features/roles/components/role-form';
import { getUsersQueryOptions } from '../../features/users/api/get-users';

/** The text of each type, one for every type there is. */
const TYPE_TEXTS: Record<RoleType, string> = {
  admin: 'roles.types.admin',
  user: 'roles.types.user',
  guest: 'roles.types.guest',
  custom: 'roles.types.custom',
};

export function RolesRoute() {
  const { t, i18n } = useTranslation();
  const rights = useListRights(apiRoutes.roles);
  // What the product installed reads in the screen's language; what an administrator wrote, as written.
  const language = languageOf(i18n.resolvedLanguage);
  const isAdmin = useIsAdmin();
  const columns: Column<Role>[] = [
    { header: t('fields.name'), cell: (row) => row.name, sort: 'name' },
    { header: t('roles.type'), cell: (row) => t(TYPE_TEXTS[row.type]), isShort: true },
    { header: t('fields.description'), cell: (row) => localizeRoleDescription(row.description ?? '', language) },
    { header: t('roles.permissions'), cell: (row) => (row.type === 'admin' ? t('roles.all') : row.permission.length) },
    {
      header: t('roles.clientPermissions'),
      cell: (row) => row.clientPermissions.map((cp) => localizeMenuName(cp.name, language)).join(', '),
    },
  ];
  return (
    <ResourceScreen<Role>
      useList={useRoles}
      rights={rights}
      useDelete={useDeleteRole}
      deleteText={(role) => <RoleDeleteText role={role} />}
      whyUndeletable={(row) => (row.type === 'custom' ? undefined : localizeMessage(messages.roleTypeFixed, language))}
      // Only an administrator changes the administrators' role.
      whyUnchangeable={(row) =>
        row.type === 'admin' && !isAdmin ? localizeMessage(messages.adminOnly, language) : undefined
      }
      defaultSort="name"
      columns={columns}
      rowName={(row) => row.name}
      texts={resourceTexts(t, 'roles')}
      renderForm={(props) => (
        <RoleForm
          {...props}
          usePermissionOptions={usePermissionOptions}
          useClientPermissionOptions={useClientPermissionOptions}
          permissionLabel={permissionLabel}
          menuEntryLabel={(entry) => menuEntryLabel(entry, language)}
        />
      )}
    />
  );
}

/**
 * Deleting a role takes it from everyone who holds it: the question says how many, when the
 * person may list members, once the count has come (a question never waits for it). The sentence
 * is a polite live region, so a screen reader that read the general one reads the count too.
 */
function RoleDeleteText({ role }: { role: Role }) {
  const { t } = useTranslation();
  const may = useMay();
  const holders = useQuery({
    ...getUsersQueryOptions({ page: 1, limit: 1, filters: { role: role._id } }),
    placeholderData: undefined,
    enabled: may('GET', apiRoutes.users),
  });
  const name = role.name;
  const sentence = !holders.data
    ? t('roles.deleteText', { name })
    : holders.data.total === 0
      ? t('roles.deleteNoHolders', { name })
      : t('roles.deleteHolders', { name, count: holders.data.total, holders: totalText(t, holders.data) });
  // The spec's question first, then which role and who holds it.
  return (
    <>
      {t('confirm.text')} <span aria-live="polite">{sentence}</span>
    </>
  );
}
