import type { PublicEvent } from '@community/shared';
import { MapPin } from 'lucide-react';
import { formatEventWhen, groupByMonth, startBadge } from '../event-time';
import { SiteLink } from '../router';

/** Events grouped under their month's name, each a row with its date, title, time and place. */
export function EventMonths({ events, idPrefix }: { events: PublicEvent[]; idPrefix: string }) {
  return (
    <div className="flex flex-col gap-6">
      {groupByMonth(events).map((month) => (
        <section key={month.key} aria-labelledby={`${idPrefix}-${month.key}`} className="flex flex-col gap-3">
          <h3 id={`${idPrefix}-${month.key}`} className="text-lg font-semibold text-slate-800">
            {month.name}
          </h3>
          <ul className="flex flex-col gap-3">
            {month.events.map((event) => (
              <EventRow key={event._id} event={event} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function EventRow({ event }: { event: PublicEvent }) {
  const badge = startBadge(event);
  return (
    <li className="flex min-h-24 gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <span
        aria-hidden
        className="flex size-16 shrink-0 flex-col items-center justify-center rounded-md bg-brand-50 text-brand-700"
      >
        <span className="text-2xl leading-none font-bold">{badge.day}</span>
        <span className="text-sm">{badge.month}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          <SiteLink
            href={`/events/${encodeURIComponent(event._id)}`}
            className="text-slate-900 underline-offset-2 hover:underline"
          >
            {event.title}
          </SiteLink>
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={event.allDay ? event.startsLocal : event.startsAt}>{formatEventWhen(event)}</time>
        </p>
        {event.place && (
          <p className="mt-1 flex items-start gap-1 text-sm break-words text-slate-600">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0">{event.place}</span>
          </p>
        )}
      </div>
    </li>
  );
}

/** Rows the size of real ones while the list loads, so nothing moves when it arrives. */
export function EventListPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex min-h-24 gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <span className="size-16 shrink-0 rounded-md bg-slate-100" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-4 w-2/3 rounded bg-slate-100" />
            <span className="h-3 w-1/2 rounded bg-slate-100" />
          </span>
        </div>
      ))}
    </div>
  );
}
