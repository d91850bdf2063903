import { Copy, EyeOff, Send, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { EventRecord } from '@community/shared';
import { IconButton } from '../../../components/ui/icon-button';
import { getErrorMessage } from '../../../lib/api-client';
import { useFocusWhenShown } from '../../../lib/use-focus-when-shown';
import { useDuplicateEvent } from '../api/duplicate-event';
import { usePublishEvent } from '../api/publish-event';
import { useUnpublishEvent } from '../api/unpublish-event';

type Props = {
  event: EventRecord;
  /** The draft copy a duplicate made, to open at once. */
  onDuplicated: (copy: EventRecord) => void;
  /** Which of the row's calls the person may make; the server refuses the rest. */
  may: { publish: boolean; unpublish: boolean; duplicate: boolean; attendees: boolean };
};

const iconLink =
  'inline-block rounded p-1 align-middle text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** An event row's own actions, before Edit and Delete: publish or unpublish, duplicate, attendees. */
export function EventRowActions({ event, onDuplicated, may }: Props) {
  const { t } = useTranslation();
  const publish = usePublishEvent();
  const unpublish = useUnpublishEvent();
  const duplicate = useDuplicateEvent();
  // Busy, the button lets the focus go: it takes it back as its opposite (Unpublish, Publish).
  const { focusWhenShown, focusTarget } = useFocusWhenShown();
  const onError = (fallback: string) => (error: Error) => toast.error(getErrorMessage(error, fallback));
  const isPublished = event.status === 'published';
  const publishLabel = t(isPublished ? 'events.unpublish' : 'events.publish', { title: event.title });
  const duplicateLabel = t('events.duplicate', { title: event.title });
  const attendeesLabel = t('events.attendeesOf', { title: event.title });
  return (
    <>
      {(isPublished ? may.unpublish : may.publish) && (
        <IconButton
          ref={focusTarget('publish')}
          icon={isPublished ? <EyeOff className="size-4" aria-hidden /> : <Send className="size-4" aria-hidden />}
          isBusy={publish.isPending || unpublish.isPending}
          aria-label={publishLabel}
          title={publishLabel}
          onClick={() =>
            isPublished
              ? unpublish.mutate(event._id, {
                  onSuccess: () => {
                    toast.success(t('events.unpublished'));
                    focusWhenShown('publish');
                  },
                  onError: onError(t('events.publishError')),
                })
              : publish.mutate(event._id, {
                  onSuccess: () => {
                    toast.success(t('events.published'));
                    focusWhenShown('publish');
                  },
                  onError: onError(t('events.publishError')),
                })
          }
        />
      )}
      {may.duplicate && (
        <IconButton
          icon={<Copy className="size-4" aria-hidden />}
          isBusy={duplicate.isPending}
          aria-label={duplicateLabel}
          title={duplicateLabel}
          onClick={() =>
            duplicate.mutate(event._id, {
              onSuccess: (copy) => {
                toast.success(t('events.duplicated'));
                onDuplicated(copy);
              },
              onError: onError(t('events.duplicateError')),
            })
          }
        />
      )}
      {/* No list to open where nobody could answer and nobody did (answers kept from before stay). */}
      {may.attendees && (event.rsvpEnabled || event.goingCount > 0) && (
        <Link
          to={`/events/${event._id}/attendees`}
          className={iconLink}
          aria-label={attendeesLabel}
          title={attendeesLabel}
        >
          <Users className="size-4" aria-hidden />
        </Link>
      )}
    </>
  );
}
