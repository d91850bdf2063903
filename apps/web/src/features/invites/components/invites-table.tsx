import { Ban, Copy, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DELETED_USER, type Invite, type InviteBulkAction, dateTimeFormat } from '@community/shared';
import { BulkActions, type BulkAction } from '../../../components/resource-list/bulk-actions';
import { PINNED_ACTIONS, UNDER_PINNED_ACTIONS } from '../../../components/resource-list/pinned-actions';
import { ExportButton } from '../../../components/resource-list/export-button';
import { isForbidden } from '../../../components/resource-list/forbidden-screen';
import { ListFilters, type ListFilter } from '../../../components/resource-list/list-filters';
import { PaginationBar } from '../../../components/resource-list/pagination';
import { emptyListText, totalText } from '../../../components/resource-list/total-text';
import { SelectPageBox, SelectRowBox, useRowSelection } from '../../../components/resource-list/row-selection';
import { SortHeader } from '../../../components/resource-list/sort-header';
import { useListUrl } from '../../../components/resource-list/use-list-url';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog, ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmailText } from '../../../components/ui/email-link';
import { IconButton } from '../../../components/ui/icon-button';
import { getErrorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/copy-text';
import { useFocusRescue } from '../../../lib/use-focus-rescue';
import { useFocusWhenShown } from '../../../lib/use-focus-when-shown';
import { useApproveInvite } from '../api/approve-invite';
import { useBulkInvites } from '../api/bulk-invites';
import { useExportInvites } from '../api/export-invites';
import { useDeleteInvite } from '../api/delete-invite';
import { useInvites } from '../api/get-invites';
import { useRejectInvite } from '../api/reject-invite';
import { useResendInvite } from '../api/resend-invite';
import { useRevokeInvite } from '../api/revoke-invite';
import { inviteStatusView, registrationStatusView, type InviteStatusView } from '../invite-status';
import { DecisionButtons } from '../../../components/forms/decision-buttons';
import { InviteStatusBadge } from './invite-status-badge';

/** What the line under the address says of the person who registered, by the invite's state. */
const REGISTRANT_TEXTS: Partial<Record<InviteStatusView, string>> = {
  confirming: 'invites.registrantConfirming',
  submitted: 'invites.registrant',
  used: 'invites.usedBy',
};

const DEFAULT_SORT = '-createdAt';
/** A column a header sorts by: created and expires. */
const SORTED: Record<string, string> = { created: 'createdAt', expires: 'expiresAt' };

/** A date and time that, in a narrow column, wraps between the two and nowhere else. */
function DayAndTime({ iso, language }: { iso: string; language: string | undefined }) {
  const at = new Date(iso);
  return (
    <>
      <span className="whitespace-nowrap">{dateTimeFormat(language, { dateStyle: 'medium' }).format(at)},</span>{' '}
      <span className="whitespace-nowrap">{dateTimeFormat(language, { timeStyle: 'short' }).format(at)}</span>
    </>
  );
}

/** Which of the table's calls the person may make; the server refuses the rest. */
export type InviteRights = {
  export: boolean;
  /** The bulk actions the person may take: the bulk route's permission and each action's single call. */
  bulkActions: InviteBulkAction[];
  approve: boolean;
  reject: boolean;
  revoke: boolean;
  resend: boolean;
  delete: boolean;
};

/**
 * 'Existing invites': each invite in its state with the actions that state allows, paged 25 at a
 * time, sorted by a header and filtered by status (both in the URL); chosen invites are revoked
 * or deleted at once.
 */
export function InvitesTable({ formatDate, rights }: { formatDate: (iso: string) => string; rights: InviteRights }) {
  const { t, i18n } = useTranslation();
  const url = useListUrl(['status']);
  const { page, sort } = url;
  const [deleting, setDeleting] = useState<Invite | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const params = { page, sort, filters: url.filters };
  const list = useInvites(params);
  const rows = list.data?.data ?? [];
  const selection = useRowSelection(rows, params);
  // A row's name in its checkbox and in a bulk action's outcome: as the row reads, by its address,
  // else by who registered through it, else by its token's start.
  const labelOf = (invite: Invite) =>
    invite.email ??
    (invite.registrant ? `${invite.registrant.name} (${invite.registrant.email})` : `${invite.token.slice(0, 8)}…`);
  const statusFilter: ListFilter[] = [
    {
      name: 'status',
      label: t('invites.columns.status'),
      kind: 'choice',
      options: [
        { value: 'pending', label: t('invites.status.notUsed') },
        { value: 'confirming', label: t('invites.status.confirming') },
        { value: 'submitted', label: t('invites.status.submitted') },
        { value: 'consumed', label: t('invites.statusUsed') },
        { value: 'expired', label: t('invites.status.expired') },
        { value: 'revoked', label: t('invites.status.revoked') },
        { value: 'rejected', label: t('invites.status.rejected') },
      ],
    },
  ];
  const toasts = (message: string, errorFallback: string) => ({
    mutationConfig: {
      onSuccess: () => void toast.success(message),
      onError: (error: unknown) => void toast.error(getErrorMessage(error, errorFallback)),
    },
  });
  const approve = useApproveInvite(toasts(t('invites.approved'), t('invites.approveError')));
  const reject = useRejectInvite(toasts(t('invites.rejected'), t('invites.rejectError')));
  const remove = useDeleteInvite(toasts(t('invites.deleted'), t('invites.deleteError')));
  const revoke = useRevokeInvite(toasts(t('invites.revoked'), t('invites.revokeError')));
  const resend = useResendInvite(toasts(t('invites.resent'), t('invites.resendError')));
  const busyId = [approve, reject, remove, revoke, resend].find((mutation) => mutation.isPending)?.variables;
  // A decision takes its buttons away: the focus goes to the state it left, keyed by invite.
  const { focusWhenShown, focusTarget } = useFocusWhenShown();
  // A row deleted, or gone from the status shown, takes its buttons away.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRescue = useFocusRescue(heading, list.data);

  const copy = async (link: string) =>
    (await copyText(link)) ? toast.success(t('invites.copied')) : toast.error(t('invites.copyFailed'));

  const data = list.data;
  const everyBulkAction: (BulkAction & { action: InviteBulkAction })[] = [
    { action: 'revoke', label: t('invites.revoke') },
    { action: 'delete', label: t('list.delete'), tone: 'danger' },
  ];
  const bulkActions = everyBulkAction.filter(({ action }) => rights.bulkActions.includes(action));
  const mayBulk = bulkActions.length > 0;
  const columnCount = mayBulk ? 8 : 7;
  // A withheld link marks a role beyond the reader's grants: approving would give it, so the server
  // refuses, and no Approve is offered. Rejecting gives nothing.
  const decide = (id: string, isRoleWithheld: boolean) => ({
    onApprove:
      rights.approve && !isRoleWithheld ? () => approve.mutate(id, { onSuccess: () => focusWhenShown(id) }) : undefined,
    onReject: rights.reject ? () => reject.mutate(id, { onSuccess: () => focusWhenShown(id) }) : undefined,
  });
  // Someone who may not read the invites is told why, not shown controls for a list they cannot use.
  if (isForbidden(list.error)) return <Alert tone="error">{getErrorMessage(list.error, t('invites.loadError'))}</Alert>;
  return (
    <section aria-labelledby="existing-invites" onFocus={focusRescue.onFocus} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2
          id="existing-invites"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {t('invites.existing')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {rights.export && <ExportButton useExport={useExportInvites} params={{ sort, filters: url.filters }} />}
          <Button variant="secondary" onClick={() => list.refetch()} isBusy={list.isFetching}>
            <RefreshCw className="size-4" aria-hidden />
            {t('invites.refresh')}
          </Button>
        </div>
      </div>
      <ListFilters filters={statusFilter} values={url.filters} onChange={url.update} />
      {mayBulk && (
        <BulkActions
          actions={bulkActions}
          useBulk={useBulkInvites}
          selected={selection.selected.map((invite) => invite._id)}
          labelOf={(id) => {
            const invite = rows.find((one) => one._id === id);
            return invite ? labelOf(invite) : id;
          }}
          onDone={selection.clear}
          focusAfter={heading}
        />
      )}
      {list.isError ? (
        <Alert tone="error">{t('invites.loadError')}</Alert>
      ) : (
        <div className={`${UNDER_PINNED_ACTIONS} rounded-lg border border-slate-200 bg-white`}>
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="text-left text-slate-700">
              <tr className="bg-slate-50">
                {mayBulk && (
                  <th scope="col" className="w-8 px-2.5 py-2">
                    <SelectPageBox selection={selection} />
                  </th>
                )}
                {['created', 'email', 'token', 'expires', 'status', 'link', 'actions'].map((column) =>
                  SORTED[column] ? (
                    <SortHeader
                      key={column}
                      label={t(`invites.columns.${column}`)}
                      field={SORTED[column]}
                      sort={sort ?? DEFAULT_SORT}
                      onSort={(next) => url.update({ sort: next === DEFAULT_SORT ? undefined : next })}
                    />
                  ) : (
                    <th
                      key={column}
                      scope="col"
                      className={`whitespace-nowrap px-2.5 py-2 font-medium ${column === 'actions' ? PINNED_ACTIONS : ''}`}
                    >
                      {t(`invites.columns.${column}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.isPending && (
                <tr>
                  <td colSpan={columnCount} className="px-2.5 py-6 text-center text-slate-600">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {data?.data.length === 0 && (
                <tr>
                  <td colSpan={columnCount} className="px-2.5 py-6 text-center text-slate-600">
                    {emptyListText(t, data, t('invites.empty'))}
                  </td>
                </tr>
              )}
              {rows.map((invite) => {
                const view = inviteStatusView(invite);
                const isBusy = busyId === invite._id;
                return (
                  <tr
                    key={invite._id}
                    className={
                      selection.isChosen(invite._id) ? 'bg-brand-50' : view === 'expired' ? 'bg-red-50' : 'bg-white'
                    }
                  >
                    {mayBulk && (
                      <td className="px-2.5 py-2 align-top">
                        <SelectRowBox selection={selection} id={invite._id} label={labelOf(invite)} />
                      </td>
                    )}
                    <td className="px-2.5 py-2">
                      <DayAndTime iso={invite.createdAt} language={i18n.resolvedLanguage} />
                    </td>
                    <td className="min-w-40 px-2.5 py-2 break-words">
                      {invite.email === DELETED_USER ? (
                        t('audit.deletedUser')
                      ) : invite.email ? (
                        <EmailText email={invite.email} />
                      ) : (
                        <span className="text-slate-600">{t('invites.any')}</span>
                      )}
                      {invite.registrant && (
                        <div className="text-xs text-slate-700">
                          {t(REGISTRANT_TEXTS[view] ?? 'invites.registrant', {
                            name: invite.registrant.name,
                            email: invite.registrant.email,
                          })}
                        </div>
                      )}
                      {invite.role && (
                        <div className="text-xs text-slate-700">{t('invites.roleOf', { role: invite.role.name })}</div>
                      )}
                      {invite.accounts.length > 0 && (
                        <ul aria-label={t('invites.accounts')} className="mt-1 flex flex-col gap-1">
                          {invite.accounts.map((account) => (
                            <li
                              key={account.inviteId}
                              className="flex flex-wrap items-center gap-2 text-xs text-slate-700"
                            >
                              <span>
                                {account.name} ({account.email})
                              </span>
                              <InviteStatusBadge
                                view={registrationStatusView(account.status)}
                                focusRef={focusTarget(account.inviteId)}
                              />
                              {account.status === 'submitted' && (
                                <DecisionButtons
                                  isBusy={busyId === account.inviteId}
                                  {...decide(account.inviteId, invite.link === null)}
                                  name={account.name ?? account.email ?? ''}
                                />
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="px-2.5 py-2 font-mono text-xs" title={invite.token}>
                      {invite.token.slice(0, 8)}…
                    </td>
                    <td className="px-2.5 py-2">
                      <DayAndTime iso={invite.expiresAt} language={i18n.resolvedLanguage} />
                    </td>
                    <td className="px-2.5 py-2">
                      <InviteStatusBadge
                        view={view}
                        focusRef={focusTarget(invite._id)}
                        usedAt={invite.consumedAt ? formatDate(invite.consumedAt) : undefined}
                        uses={{ taken: invite.uses, of: invite.maxUses }}
                      />
                    </td>
                    <td className="px-2.5 py-2">
                      {invite.link ? (
                        <a
                          href={invite.link}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-700 underline"
                        >
                          {t('invites.open')}
                        </a>
                      ) : (
                        // The link gives a role beyond the reader's own: only those who may give it see it.
                        <span className="text-xs text-slate-600">{t('invites.linkWithheld')}</span>
                      )}
                    </td>
                    {/* Two buttons a line on a wide screen; one a line, pinned, on a phone. */}
                    <td className={`px-2.5 py-2 md:min-w-60 ${PINNED_ACTIONS}`}>
                      <div className="flex flex-wrap gap-2">
                        {view === 'submitted' ? (
                          <DecisionButtons
                            isBusy={isBusy}
                            {...decide(invite._id, invite.link === null)}
                            name={invite.registrant?.name ?? invite.email ?? ''}
                          />
                        ) : (
                          invite.link && (
                            <IconButton
                              look="small"
                              icon={<Copy className="size-3.5" aria-hidden />}
                              onClick={() => copy(invite.link!)}
                              aria-label={t('invites.copyLinkOf', { token: invite.token.slice(0, 8) })}
                            >
                              {t('invites.copy')}
                            </IconButton>
                          )
                        )}
                        {rights.resend && invite.email && (view === 'notUsed' || view === 'expired') && (
                          <IconButton
                            look="small"
                            icon={<Send className="size-3.5" aria-hidden />}
                            disabled={isBusy}
                            onClick={() => resend.mutate(invite._id)}
                            aria-label={t('invites.resendOf', { email: invite.email })}
                          >
                            {t('invites.resend')}
                          </IconButton>
                        )}
                        {rights.revoke &&
                          (view === 'notUsed' || view === 'expired' || view === 'confirming' || view === 'uses') && (
                            <IconButton
                              look="small"
                              icon={<Ban className="size-3.5" aria-hidden />}
                              disabled={isBusy}
                              onClick={() => setRevoking(invite)}
                              aria-label={t('invites.revokeOf', { token: invite.token.slice(0, 8) })}
                            >
                              {t('invites.revoke')}
                            </IconButton>
                          )}
                        {rights.delete &&
                          view !== 'submitted' &&
                          view !== 'confirming' &&
                          !invite.accounts.some((a) => a.status === 'confirming' || a.status === 'submitted') && (
                            <IconButton
                              look="smallDanger"
                              icon={<Trash2 className="size-3.5" aria-hidden />}
                              isBusy={isBusy}
                              onClick={() => setDeleting(invite)}
                              aria-label={t('invites.deleteOf', { token: invite.token.slice(0, 8) })}
                            >
                              {t('list.delete')}
                            </IconButton>
                          )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <PaginationBar
          pagination={data}
          onPage={(next) => url.update({ page: Math.max(1, next) })}
          words={{
            previous: t('invites.prev'),
            next: t('invites.next'),
            summary: t('invites.pageOf', { page: data.page, pages: data.pages, total: totalText(t, data) }),
          }}
        />
      )}
      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('invites.revoke')}
        text={t(revoking?.status === 'confirming' ? 'invites.confirmRevokeWaiting' : 'invites.confirmRevoke')}
        confirmLabel={t('invites.revoke')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking._id);
          setRevoking(null);
        }}
      />
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        text={t('invites.confirmDelete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting._id);
          setDeleting(null);
        }}
      />
    </section>
  );
}
