import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEventWhen } from '@community/shared';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useFocusRescue } from '../../../lib/use-focus-rescue';
import { useCancelRsvp } from '../api/cancel-rsvp';
import { useMyEvents } from '../api/get-my-events';

/** The public site's list of events, where one says one is going. */
const EVENTS_PAGE = '/events';

/**
 * The events I said I am going to, upcoming first, each linking to its public page. `upcoming`
 * keeps only those still to come, for the home: what is next, and where to find more when
 * nothing is.
 */
export function MyEventsCard({ upcoming = false }: { upcoming?: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const events = useMyEvents();
  const cancel = useCancelRsvp();
  const rows = (events.data?.data ?? []).filter((event) => !upcoming || !event.isPast);
  // Not going takes the row, and its button, away: the focus goes to the card's title.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRescue = useFocusRescue(heading, events.data);
  return (
    <section
      onFocus={focusRescue.onFocus}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        ref={heading}
        id={headingId}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {upcoming ? t('events.mine.upcomingTitle') : t('events.mine.title')}
      </h2>
      {events.isError && <Alert tone="error">{getErrorMessage(events.error, t('events.mine.fetchError'))}</Alert>}
      {events.isPending && <p className="text-sm text-slate-600">{t('common.loading')}</p>}
      {events.data && rows.length === 0 && (
        <p className="text-sm text-slate-600">
          {upcoming ? t('events.mine.noneUpcoming') : t('events.mine.empty')}{' '}
          <a href={EVENTS_PAGE} className="font-medium text-brand-700 underline">
            {t('events.mine.seeEvents')}
          </a>
        </p>
      )}
      {rows.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-100">
          {rows.map((event) => (
            <li key={event._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col gap-0.5">
                <a href={`/events/${event._id}`} className="break-words font-medium text-brand-700 underline">
                  {event.title}
                </a>
                <span className="text-sm text-slate-700">
                  {formatEventWhen(event, i18n.resolvedLanguage ?? 'el')}
                  {event.place && ` · ${event.place}`}
                </span>
              </div>
              {event.isPast ? (
                <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                  {t('events.mine.past')}
                </span>
              ) : (
                <Button
                  variant="secondary"
                  isBusy={cancel.isPending && cancel.variables === event._id}
                  aria-label={t('events.mine.notGoingTo', { title: event.title })}
                  onClick={() =>
                    cancel.mutate(event._id, {
                      onSuccess: () => toast.success(t('events.mine.notGoingDone', { title: event.title })),
                      onError: (error) => toast.error(getErrorMessage(error, t('events.mine.notGoingError'))),
                    })
                  }
                >
                  {t('events.mine.notGoing')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
