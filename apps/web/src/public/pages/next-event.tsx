import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { formatEventStart } from '../event-time';
import { usePagedEvents } from '../events-data';
import { SiteLink } from '../router';
import { useT } from '../texts';

/** The soonest upcoming event, or the one under way, when there is one; nothing at all otherwise. */
export function NextEvent() {
  const t = useT();
  const upcoming = usePagedEvents('');
  // The moment the page was opened: the list it shows was read then too.
  const [openedAt] = useState(Date.now);
  const next = upcoming.events[0];
  if (!next) return null;
  const isUnderWay = Date.parse(next.startsAt) <= openedAt;
  return (
    <section
      aria-labelledby="next-event-title"
      className="flex w-full max-w-md items-start gap-3 rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200"
    >
      <CalendarDays className="size-8 shrink-0 text-brand-700" aria-hidden />
      <div className="min-w-0">
        <h2 id="next-event-title" className="text-sm font-medium text-slate-600">
          {t(isUnderWay ? 'public.home.eventUnderWay' : 'public.home.nextEvent')}
        </h2>
        <p className="font-semibold break-words">
          <SiteLink href={`/events/${encodeURIComponent(next._id)}`} className="text-slate-900 underline">
            {next.title}
          </SiteLink>
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={next.allDay ? next.startsLocal : next.startsAt}>{formatEventStart(next)}</time>
        </p>
      </div>
    </section>
  );
}
