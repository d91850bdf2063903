import { Archive, CheckCheck, Inbox, Reply, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactReplyBodySchema, type ContactMessage } from '@community/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field, inputLooks } from '../../../components/ui/field';
import { EmailLink } from '../../../components/ui/email-link';
import { IconButton } from '../../../components/ui/icon-button';
import { schemaRefusal } from '../../../lib/schema-refusal';
import { useFocusWhenShown } from '../../../lib/use-focus-when-shown';

const looks: Record<ContactMessage['status'], string> = {
  new: 'bg-sky-100 text-sky-900',
  handled: 'bg-green-100 text-green-900',
  archived: 'bg-slate-200 text-slate-800',
};

type Props = {
  message: ContactMessage;
  formatDate: (iso: string) => string;
  isBusy: boolean;
  /** Each is absent where the person may not do it: no button. */
  onStatus?: (status: ContactMessage['status']) => void;
  onDelete?: () => void;
  /** Resolves once the reply was sent; rejects with the reason to show. */
  onReply?: (body: string) => Promise<void>;
};

/** One message as written (its line breaks kept, markup shown as text), its replies, and what can be done with it. */
export function ContactMessageCard({ message, formatDate, isBusy, onStatus, onDelete, onReply }: Props) {
  const { t, i18n } = useTranslation();
  const [isReplying, setIsReplying] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [draftError, setDraftError] = useState<string>();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [isSending, setIsSending] = useState(false);
  const replyId = useId();
  const isArchived = message.status === 'archived';
  const headingId = useId();
  // Reply and the reply box take each other's place: the focus goes into the box, and back to Reply.
  const { focusWhenShown, focusTarget } = useFocusWhenShown<'box' | 'reply'>();
  const openBox = () => {
    setIsReplying(true);
    focusWhenShown('box');
  };
  const closeBox = () => {
    setIsReplying(false);
    focusWhenShown('reply');
  };

  const send = async () => {
    if (!onReply) return;
    // An empty or too long reply is said under the box at once, as every form says it.
    const refused = schemaRefusal(contactReplyBodySchema, { body: draft }, i18n.resolvedLanguage);
    setDraftError(refused);
    // What the last send said is about another reply than the one now refused or on its way.
    setError(undefined);
    if (refused) {
      box.current?.focus();
      return;
    }
    setError(undefined);
    setIsSending(true);
    try {
      await onReply(draft);
      setDraft('');
      closeBox();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setIsSending(false);
    }
  };

  return (
    // What a visitor typed without spaces (a name, an address) wraps rather than widen the screen.
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 wrap-anywhere"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {message.name} <EmailLink email={message.email} className="text-sm font-normal" />
          </h2>
          <p className="text-xs text-slate-600">{formatDate(message.createdAt)}</p>
        </div>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${looks[message.status]}`}>
          {t(`messages.status.${message.status}`)}
        </span>
      </header>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{message.message}</p>
      {message.replies.length > 0 && (
        <ul aria-label={t('messages.replies')} className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3">
          {message.replies.map((reply) => (
            <li key={reply._id} className="text-sm">
              <p className="text-xs text-slate-600">
                {t('messages.repliedBy', { name: reply.authorName, date: formatDate(reply.createdAt) })}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-800">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}
      {isReplying && (
        <div className="flex flex-col gap-2">
          {error && <Alert tone="error">{error}</Alert>}
          <Field id={replyId} label={t('messages.replyTo', { name: message.name })} error={draftError}>
            <textarea
              ref={(element) => {
                box.current = element;
                return focusTarget('box')(element);
              }}
              {...describedBy(replyId, draftError)}
              rows={5}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className={`px-3 py-2 ${inputLooks(draftError)}`}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={closeBox}>
              {t('common.cancel')}
            </Button>
            <Button onClick={send} isBusy={isSending}>
              {t('messages.send')}
            </Button>
          </div>
        </div>
      )}
      {!isReplying && (onReply || onStatus || onDelete) && (
        <div className="flex flex-wrap gap-2">
          {onReply && (
            <IconButton
              ref={focusTarget('reply')}
              look="small"
              icon={<Reply className="size-3.5" aria-hidden />}
              onClick={openBox}
            >
              {t('messages.reply')}
            </IconButton>
          )}
          {onStatus && message.status === 'new' && (
            // Answered some other way than by a reply from here (by phone, in person).
            <IconButton
              look="small"
              icon={<CheckCheck className="size-3.5" aria-hidden />}
              disabled={isBusy}
              onClick={() => onStatus('handled')}
            >
              {t('messages.markHandled')}
            </IconButton>
          )}
          {onStatus && (
            <IconButton
              look="small"
              icon={
                isArchived ? <Inbox className="size-3.5" aria-hidden /> : <Archive className="size-3.5" aria-hidden />
              }
              disabled={isBusy}
              // A restored message that was handled (answered, or marked so) stays handled: only one
              // that never was is new.
              onClick={() => onStatus(isArchived ? (message.handledAt ? 'handled' : 'new') : 'archived')}
            >
              {t(isArchived ? 'messages.unarchive' : 'messages.archive')}
            </IconButton>
          )}
          {onDelete && (
            <IconButton
              look="smallDanger"
              icon={<Trash2 className="size-3.5" aria-hidden />}
              disabled={isBusy}
              onClick={onDelete}
              aria-label={t('messages.deleteFrom', { name: message.name })}
            >
              {t('list.delete')}
            </IconButton>
          )}
        </div>
      )}
    </article>
  );
}
