import { useTranslation } from 'react-i18next';
import { CreateInvitePanel } from '../../features/invites/components/create-invite-panel';
import { InvitesTable } from '../../features/invites/components/invites-table';
import {
  INVITE_BULK_ACTIONS,
  INVITE_BULK_ACTION_CALLS,
  MAX_PAGE_SIZE,
  apiRoutes,
  dateTimeFormat,
} from '@community/shared';
import { useMay } from '../use-rights';
import { useRoleChoices } from '../../features/roles/api/get-roles';

export function InvitesRoute() {
  const { t, i18n } = useTranslation();
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (iso: string) => dateFormat.format(new Date(iso));
  const may = useMay();
  const one = `${apiRoutes.invites}/:id`;
  const rights = {
    export: may('GET', `${apiRoutes.invites}/export.csv`),
    // Each action needs its single-record call's permission as well as the bulk route's.
    bulkActions: may('POST', `${apiRoutes.invites}/bulk`)
      ? INVITE_BULK_ACTIONS.filter((action) => may(...INVITE_BULK_ACTION_CALLS[action]))
      : [],
    approve: may('POST', `${one}/approve`),
    reject: may('POST', `${one}/reject`),
    revoke: may('POST', `${one}/revoke`),
    resend: may('POST', `${one}/resend`),
    delete: may('DELETE', one),
  };
  const roles = useRoleChoices(MAX_PAGE_SIZE, 'grantable', may('GET', apiRoutes.roles));
  // The User role is what an invite gives when none is chosen: offered once, as the default.
  const choices = roles.data?.data ?? [];
  const defaultRole = choices.find((role) => role.type === 'user');
  const roleOptions = choices
    .filter((role) => role !== defaultRole)
    .map((role) => ({ value: role._id, label: role.name }));
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('invites.title')}</h1>
      {may('POST', apiRoutes.invites) && (
        <CreateInvitePanel formatDate={formatDate} roleOptions={roleOptions} defaultRoleName={defaultRole?.name} />
      )}
      <InvitesTable formatDate={formatDate} rights={rights} />
    </section>
  );
}
