import { Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  CONTACT_STATUSES,
  apiRoutes,
  type ContactMessage,
  type ContactStatus,
  dateTimeFormat,
} from '@community/shared';
import { useMay } from '../use-rights';
import { ForbiddenScreen, isForbidden } from '../../components/resource-list/forbidden-screen';
import { PaginationBar } from '../../components/resource-list/pagination';
import { ListTitle } from '../../components/resource-list/list-title';
import { emptyListText, noMatchesText } from '../../components/resource-list/total-text';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useDeleteContactMessage } from '../../features/contact-messages/api/delete-contact-message';
import { useContactMessages } from '../../features/contact-messages/api/get-contact-messages';
import { useReplyToContactMessage } from '../../features/contact-messages/api/reply-to-contact-message';
import { useSetContactStatus } from '../../features/contact-messages/api/set-contact-status';
import { ContactMessageCard } from '../../features/contact-messages/components/contact-message-card';
import { getErrorMessage } from '../../lib/api-client';
import { useFocusRescue } from '../../lib/use-focus-rescue';

const isStatus = (value: string | null): value is ContactStatus =>
  (CONTACT_STATUSES as readonly string[]).includes(value ?? '');

/** The contact page's messages: read, answered by mail, filed. Filters live in the URL. */
export function MessagesRoute() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const q = params.get('q') ?? '';
  const page = Number(params.get('page')) || 1;
  const list = useContactMessages({ page, q: q || undefined, status });
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  // A message filed out of the status shown, or deleted, takes its buttons away.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRescue = useFocusRescue(heading, list.data);
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (iso: string) => dateFormat.format(new Date(iso));

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const onError = (fallback: string) => (error: unknown) => void toast.error(getErrorMessage(error, fallback));
  const setStatus = useSetContactStatus({
    mutationConfig: {
      onSuccess: (_, { status: moved }) => void toast.success(t(`messages.movedTo.${moved}`)),
      onError: onError(t('messages.fileError')),
    },
  });
  const remove = useDeleteContactMessage({
    mutationConfig: {
      onSuccess: () => void toast.success(t('messages.deleted')),
      onError: onError(t('messages.deleteError')),
    },
  });
  const reply = useReplyToContactMessage();
  const may = useMay();
  const byId = `${apiRoutes.contactMessages}/:id`;
  const [mayFile, mayDelete, mayReply] = [may('PUT', byId), may('DELETE', byId), may('POST', `${byId}/reply`)];
  const busyId = (setStatus.isPending && setStatus.variables?.id) || (remove.isPending && remove.variables);

  if (isForbidden(list.error))
    return <ForbiddenScreen title={t('messages.title')} error={list.error} fallback={t('messages.fetchError')} />;

  return (
    <section onFocus={focusRescue.onFocus} className="flex flex-col gap-4">
      <ListTitle ref={heading} title={t('messages.title')} list={list.data} isLoading={list.isPlaceholderData} />
      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SelectField
          label={t('messages.statusFilter')}
          placeholder={t('messages.everyStatus')}
          options={CONTACT_STATUSES.map((value) => ({ value, label: t(`messages.status.${value}`) }))}
          value={status ?? ''}
          onChange={(event) => update({ status: event.target.value || undefined })}
        />
        {/* Searched on Enter, with the button, or on leaving the field. */}
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const typed = new FormData(event.currentTarget).get('q');
            update({ q: (typeof typed === 'string' ? typed.trim() : '') || undefined });
          }}
        >
          <div className="flex-1">
            <TextField
              // Follows the URL (Back, a cleared filter), as the list does.
              key={q}
              name="q"
              label={t('messages.search')}
              type="search"
              defaultValue={q}
              onBlur={(event) => {
                // Passing through the field changes nothing: the page stays.
                const typed = event.currentTarget.value.trim();
                if (typed !== q) update({ q: typed || undefined });
              }}
            />
          </div>
          <Button type="submit" variant="secondary" aria-label={t('list.search')} title={t('list.search')}>
            <Search className="size-4" aria-hidden />
          </Button>
        </form>
      </div>
      {list.isError && <Alert tone="error">{getErrorMessage(list.error, t('messages.fetchError'))}</Alert>}
      {list.isPending && <p className="text-slate-600">{t('common.loading')}</p>}
      {/* An empty page says why, and is read out: nothing matches, or the page is past the end. */}
      <p role="status" className="text-slate-600 empty:sr-only">
        {list.data?.data.length === 0 &&
          emptyListText(
            t,
            list.data,
            noMatchesText(t, { isSearched: q !== '', isFiltered: status !== undefined }) ?? t('messages.empty'),
          )}
      </p>
      <div className="flex flex-col gap-3">
        {list.data?.data.map((message) => (
          <ContactMessageCard
            key={message._id}
            message={message}
            formatDate={formatDate}
            isBusy={busyId === message._id}
            onStatus={mayFile ? (next) => setStatus.mutate({ id: message._id, status: next }) : undefined}
            onDelete={mayDelete ? () => setDeleting(message) : undefined}
            onReply={
              mayReply
                ? async (body) => {
                    try {
                      await reply.mutateAsync({ id: message._id, body });
                      toast.success(t('messages.replied'));
                    } catch (caught) {
                      throw new Error(getErrorMessage(caught, t('messages.replyError')), { cause: caught });
                    }
                  }
                : undefined
            }
          />
        ))}
      </div>
      {list.data && list.data.total > 0 && (
        <PaginationBar pagination={list.data} onPage={(next) => update({ page: String(Math.max(1, next)) })} />
      )}
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        text={t('messages.confirmDelete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting._id);
          setDeleting(null);
        }}
      />
    </section>
  );
}
