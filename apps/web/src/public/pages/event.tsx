import type { ReactNode } from 'react';
import { CalendarPlus, Clock, MapPin } from 'lucide-react';
import { eventPaths, type PublicEvent } from '@community/shared';
import { buttonClass } from '../../components/ui/button';
import { formatEventWhen } from '../event-time';
import { useEvent } from '../events-data';
import { LinkedText } from '../linked-text';
import { useTitle } from '../../lib/use-title';
import { SiteLink } from '../router';
import { useT } from '../texts';
import { EventRsvp } from './event-rsvp';

/** The picture's box is fixed before it loads; a picture of another shape fits inside it. */
const IMAGE_WIDTH = 1024;
const IMAGE_HEIGHT = 576;

const card = 'flex min-h-[75vh] flex-col gap-6 rounded-xl bg-white/95 p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';

/** One published event; an unknown, unpublished or deleted one reads as not found. */
export function EventPage({ id, siteName }: { id: string; siteName: string }) {
  const t = useT();
  const event = useEvent(id);
  const isMissing = event.state === 'failed' && event.status !== undefined && event.status >= 400 && event.status < 500;
  // The tab says what the page says: the event, or that it was not found.
  useTitle(
    event.state === 'ready'
      ? event.data.title
      : isMissing
        ? t('public.events.notFoundTitle')
        : t('public.events.title'),
    siteName,
  );

  const back = (
    <SiteLink href="/events" className="text-sm font-medium text-brand-700 underline">
      {t('public.events.all')}
    </SiteLink>
  );

  if (event.state === 'loading')
    return (
      <article className={card} aria-busy="true">
        {back}
        <div role="status" aria-label={t('public.events.loading')} className="flex flex-col gap-4">
          <span className="h-9 w-3/4 rounded bg-slate-100" />
          <span className="h-5 w-1/2 rounded bg-slate-100" />
          <span className="h-5 w-1/3 rounded bg-slate-100" />
        </div>
      </article>
    );

  if (event.state === 'failed')
    return (
      <article className={card}>
        {back}
        <h1 className="text-3xl font-bold text-slate-900">
          {isMissing ? t('public.events.notFoundTitle') : t('public.events.title')}
        </h1>
        <p role={isMissing ? undefined : 'alert'} className={isMissing ? 'text-slate-700' : 'text-red-700'}>
          {isMissing ? t('public.events.notFound') : t('public.events.failed')}
        </p>
      </article>
    );

  return <EventDetails event={event.data} back={back} />;
}

function EventDetails({ event, back }: { event: PublicEvent; back: ReactNode }) {
  const t = useT();
  return (
    <article className={card}>
      {back}
      <header className="flex flex-col gap-3">
        {/* A title is written by people and may hold a long word: smaller on a phone, hyphenated where the browser can. */}
        <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl">{event.title}</h1>
        <dl className="flex flex-col gap-2 text-slate-800">
          <div className="flex items-start gap-2">
            <dt>
              <Clock className="mt-0.5 size-5 text-slate-600" aria-hidden />
              <span className="sr-only">{t('public.events.when')}</span>
            </dt>
            <dd>
              <time dateTime={event.allDay ? event.startsLocal : event.startsAt}>{formatEventWhen(event)}</time>
            </dd>
          </div>
          {event.place && (
            <div className="flex items-start gap-2">
              <dt>
                <MapPin className="mt-0.5 size-5 text-slate-600" aria-hidden />
                <span className="sr-only">{t('public.events.where')}</span>
              </dt>
              <dd className="min-w-0 break-words">{event.place}</dd>
            </div>
          )}
        </dl>
        <p>
          <a href={eventPaths.calendar(encodeURIComponent(event._id))} className={buttonClass('secondary')}>
            <CalendarPlus className="size-4" aria-hidden />
            {t('public.events.addToCalendar')}
          </a>
        </p>
      </header>
      {event.imageUrl && (
        <img
          src={event.imageUrl}
          alt={t('public.events.imageAlt', { title: event.title })}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          className="aspect-video w-full rounded-lg bg-slate-100 object-contain"
        />
      )}
      <EventRsvp event={event} />
      {event.description && (
        <section aria-labelledby="event-description" className="flex flex-col gap-2">
          <h2 id="event-description" className="text-xl font-semibold text-slate-900">
            {t('public.events.description')}
          </h2>
          <p className="leading-relaxed break-words whitespace-pre-line text-slate-800">
            <LinkedText text={event.description} />
          </p>
        </section>
      )}
    </article>
  );
}
