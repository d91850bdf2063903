import { Check, FileDown, MonitorSmartphone, ShieldOff, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Role, User, UserBulkAction } from '@community/shared';
import {
  MAX_PAGE_SIZE,
  NO_ROLE,
  USER_BULK_ACTION_CALLS,
  apiRoutes,
  languageOf,
  localizeMessage,
  messages,
  dateTimeFormat,
} from '@community/shared';
import type { BulkAction } from '../../components/resource-list/bulk-actions';
import type { ListFilter } from '../../components/resource-list/list-filters';
import { useAuth } from '../../features/auth/auth-store';
import { useListRights, useMay } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { useRoleChoices } from '../../features/roles/api/get-roles';
import { useBulkUsers } from '../../features/users/api/bulk-users';
import { useExportUsers } from '../../features/users/api/export-users';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { useDeleteUser } from '../../features/users/api/delete-user';
import { useUsers } from '../../features/users/api/get-users';
import { UserSessionsDialog } from '../../features/sessions/components/user-sessions-dialog';
import { UserForm } from '../../features/users/components/user-form';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmailLink } from '../../components/ui/email-link';
import { IconButton } from '../../components/ui/icon-button';
import { useResetUserMfa } from '../../features/users/api/reset-user-mfa';
import { useExportMemberData } from '../../features/privacy/api/export-member-data';
import { getErrorMessage } from '../../lib/api-client';

/**
 * A yes or no as a tick or a cross, coloured by what it means for the member: green where all is
 * well (confirmed, not blocked), red where something needs a look (not confirmed, blocked).
 */
function Flag({ isOn, isWell, label }: { isOn: boolean; isWell: boolean; label: string }) {
  const Mark = isOn ? Check : X;
  return <Mark className={`size-4 ${isWell ? 'text-green-700' : 'text-red-700'}`} aria-label={label} role="img" />;
}

export function UsersRoute() {
  const { t, i18n } = useTranslation();
  const rights = useListRights(apiRoutes.users);
  const may = useMay();
  const myId = useAuth().userInfo?.user._id;
  const one = `${apiRoutes.users}/:id`;
  const maySeeSessions = may('GET', `${one}/sessions`);
  const mayEndSessions = may('POST', `${one}/sessions/revoke`);
  const mayReset = may('POST', `${one}/mfa/reset`);
  const mayExportData = may('GET', `${one}/data`);
  const [sessionsOf, setSessionsOf] = useState<User | null>(null);
  const [resetOf, setResetOf] = useState<User | null>(null);
  const resetMfa = useResetUserMfa();
  const exportData = useExportMemberData();
  const confirmReset = () => {
    const user = resetOf;
    setResetOf(null);
    if (!user) return;
    resetMfa.mutate(user._id, {
      onSuccess: () => toast.success(t('users.mfaResetDone', { name: user.name })),
      onError: (error) => toast.error(getErrorMessage(error, t('users.mfaResetError'))),
    });
  };
  const mayListRoles = may('GET', apiRoutes.roles);
  // Every role to filter by; only those the reader may give or take to act with.
  const roles = useRoleChoices(MAX_PAGE_SIZE, 'all', mayListRoles);
  const grantableRoles = useRoleChoices(MAX_PAGE_SIZE, 'grantable', mayListRoles);
  const asOption = (role: Role) => ({ value: role._id, label: role.name });
  const roleOptions = (roles.data?.data ?? []).map(asOption);
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: Column<User>[] = [
    { header: t('users.joined'), cell: (user) => dateFormat.format(new Date(user.createdAt)), sort: 'createdAt' },
    { header: t('fields.name'), cell: (user) => user.name, sort: 'name' },
    {
      header: t('common.email'),
      sort: 'email',
      isToken: true,
      cell: (user) => <EmailLink email={user.email} />,
    },
    {
      header: t('users.confirmed'),
      cell: (user) => (
        <Flag isOn={user.confirmed} isWell={user.confirmed} label={user.confirmed ? t('common.yes') : t('common.no')} />
      ),
    },
    {
      header: t('users.blocked'),
      cell: (user) => (
        <Flag isOn={user.blocked} isWell={!user.blocked} label={user.blocked ? t('common.yes') : t('common.no')} />
      ),
    },
  ];
  // Roles are named from their own list: without it there is nothing to choose from. Kept while
  // the rights load, so a link with a role filter reads the list filtered from the first request.
  const mayReadRoles = !may.isKnown || mayListRoles;
  const roleFilter: ListFilter = {
    name: 'role',
    label: t('users.role'),
    kind: 'choice',
    options: [{ value: NO_ROLE, label: t('users.noRole') }, ...roleOptions],
  };
  const filters: ListFilter[] = [
    { name: 'confirmed', label: t('users.confirmed'), kind: 'boolean' },
    { name: 'blocked', label: t('users.blocked'), kind: 'boolean' },
    ...(mayReadRoles ? [roleFilter] : []),
    { name: 'joinedFrom', label: t('users.joinedFrom'), kind: 'date' },
    { name: 'joinedTo', label: t('users.joinedBefore'), kind: 'date', endOf: 'joinedFrom' },
  ];
  const chooseRole = {
    param: 'roleId',
    label: t('users.role'),
    placeholder: t('userRoles.pickRole'),
    options: (grantableRoles.data?.data ?? []).map(asOption),
  };
  const everyBulkAction: (BulkAction & { action: UserBulkAction })[] = [
    { action: 'block', label: t('users.bulkBlock') },
    { action: 'unblock', label: t('users.bulkUnblock') },
    { action: 'confirm', label: t('users.bulkConfirm') },
    ...(mayReadRoles
      ? ([
          { action: 'assign-role', label: t('users.bulkGiveRole'), choose: chooseRole },
          { action: 'remove-role', label: t('users.bulkTakeRole'), choose: chooseRole },
        ] as const)
      : []),
    { action: 'delete', label: t('users.bulkDelete'), tone: 'danger' },
  ];
  // Each action needs its single-record call's permission as well as the bulk route's.
  const bulkActions = everyBulkAction.filter(({ action }) => may(...USER_BULK_ACTION_CALLS[action]));
  const said = (message: string) => localizeMessage(message, languageOf(i18n.resolvedLanguage));
  // The server's own sentence, where it would refuse any change to the person.
  const whyUnchangeable = (user: User) =>
    user.beyondYou ? said(user.beyondYou === 'admin' ? messages.adminOnly : messages.beyondOwnGrantsUser) : undefined;
  /** A row's own buttons, each where the person may use it. */
  const rowButtons = (user: User) => {
    // Sessions, a second factor's reset and the data file have the guard rails of a change.
    const why = whyUnchangeable(user);
    return (
      <>
        {maySeeSessions && (
          <IconButton
            icon={<MonitorSmartphone className="size-4" aria-hidden />}
            onClick={() => setSessionsOf(user)}
            disabled={why !== undefined}
            aria-label={t('sessions.ofUser', { name: user.name })}
            title={why ?? t('sessions.ofUser', { name: user.name })}
          />
        )}
        {mayReset &&
          (user.mfaEnabled ? (
            <IconButton
              icon={<ShieldOff className="size-4" aria-hidden />}
              onClick={() => setResetOf(user)}
              disabled={why !== undefined}
              isBusy={resetMfa.isPending && resetMfa.variables === user._id}
              aria-label={t('users.mfaReset', { name: user.name })}
              title={why ?? t('users.mfaReset', { name: user.name })}
            />
          ) : (
            // Nothing to reset: the space keeps the buttons of every row in one column.
            <span className="inline-block size-6 align-middle" aria-hidden />
          ))}
        {mayExportData && (
          <IconButton
            icon={<FileDown className="size-4" aria-hidden />}
            onClick={() =>
              exportData.mutate(user._id, {
                onError: (error) => toast.error(getErrorMessage(error, t('privacy.downloadError'))),
              })
            }
            disabled={why !== undefined}
            isBusy={exportData.isPending && exportData.variables === user._id}
            aria-label={t('users.exportData', { name: user.name })}
            title={why ?? t('users.exportData', { name: user.name })}
          />
        )}
      </>
    );
  };
  return (
    <>
      <ResourceScreen<User>
        useList={useUsers}
        rights={rights}
        useDelete={useDeleteUser}
        whyUndeletable={(row) => (row._id === myId ? said(messages.notSelfDelete) : undefined)}
        whyUnchangeable={whyUnchangeable}
        defaultSort="-createdAt"
        filters={filters}
        bulk={bulkActions.length > 0 ? { actions: bulkActions, useBulk: useBulkUsers } : undefined}
        rowName={(user) => user.email}
        useExport={useExportUsers}
        columns={columns}
        texts={resourceTexts(t, 'users')}
        renderForm={(props) => <UserForm {...props} />}
        rowActions={maySeeSessions || mayReset || mayExportData ? rowButtons : undefined}
      />
      <UserSessionsDialog user={sessionsOf} mayEnd={mayEndSessions} onClose={() => setSessionsOf(null)} />
      <ConfirmDialog
        isOpen={resetOf !== null}
        title={t('users.mfaResetTitle')}
        text={t('users.mfaResetText', { name: resetOf?.name ?? '' })}
        confirmLabel={t('users.mfaResetConfirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmReset}
        onCancel={() => setResetOf(null)}
      />
    </>
  );
}
