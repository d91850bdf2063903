import { useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { usePagedEvents } from '../events-data';
import { useT } from '../texts';
import { EventListPlaceholder, EventMonths } from './event-list';

const MINUTE_MS = 60_000;

/**
 * Upcoming events by month, past ones below. The page keeps its height from the first paint and
 * the past events appear only once the upcoming ones are in place, so nothing shown moves.
 */
export function EventsPage() {
  const t = useT();
  const upcoming = usePagedEvents('');
  return (
    <article className="flex min-h-[75vh] flex-col gap-8 rounded-xl bg-white/95 p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-slate-900">{t('public.events.title')}</h1>
        <p className="text-slate-700">{t('public.events.intro')}</p>
      </header>
      <section aria-labelledby="upcoming-title" className="flex flex-col gap-4">
        <h2 id="upcoming-title" className="text-2xl font-semibold text-slate-900">
          {t('public.events.upcoming')}
        </h2>
        {upcoming.state === 'loading' && <EventListPlaceholder label={t('public.events.loading')} />}
        {upcoming.state === 'failed' && (
          <p role="alert" className="text-red-700">
            {t('public.events.failed')}
          </p>
        )}
        {upcoming.state === 'ready' && upcoming.events.length === 0 && (
          <p className="text-slate-700">{t('public.events.empty')}</p>
        )}
        {upcoming.state === 'ready' && upcoming.events.length > 0 && (
          <EventMonths events={upcoming.events} idPrefix="upcoming" />
        )}
        <MoreButton list={upcoming} label={t('public.events.moreUpcoming')} />
      </section>
      {upcoming.state !== 'loading' && <PastEvents />}
    </article>
  );
}

function PastEvents() {
  const t = useT();
  // Read once per visit, to the minute: the pages that follow are pages of the same list.
  const [to] = useState(() => new Date(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS).toISOString());
  const past = usePagedEvents(new URLSearchParams({ to }).toString());
  if (past.state === 'ready' && past.events.length === 0) return null;
  return (
    <section aria-labelledby="past-title" className="flex flex-col gap-4">
      <h2 id="past-title" className="text-2xl font-semibold text-slate-900">
        {t('public.events.past')}
      </h2>
      {past.state === 'loading' && <EventListPlaceholder label={t('public.events.loading')} />}
      {past.state === 'failed' && (
        <p role="alert" className="text-red-700">
          {t('public.events.failed')}
        </p>
      )}
      {past.state === 'ready' && <EventMonths events={past.events} idPrefix="past" />}
      <MoreButton list={past} label={t('public.events.morePast')} />
    </section>
  );
}

function MoreButton({ list, label }: { list: ReturnType<typeof usePagedEvents>; label: string }) {
  const t = useT();
  if (!list.hasMore) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      {list.hasMoreFailed && (
        <p role="alert" className="text-sm text-red-700">
          {t('public.events.failed')}
        </p>
      )}
      <button type="button" onClick={list.loadMore} disabled={list.isLoadingMore} className={buttonClass('secondary')}>
        {list.isLoadingMore ? t('public.events.loadingMore') : label}
      </button>
    </div>
  );
}
