import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiRoutes, formatEventWhen, type Attendee, dateTimeFormat } from '@community/shared';
import { useMay } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { Alert } from '../../components/ui/alert';
import { EmailLink } from '../../components/ui/email-link';
import { useAttendees } from '../../features/events/api/get-attendees';
import { useEvent } from '../../features/events/api/get-event';
import { useExportAttendees } from '../../features/events/api/export-attendees';
import { getErrorMessage } from '../../lib/api-client';
import type { ListParams } from '../../lib/list-query';

/** The list and export hooks of one event's attendees, as the list screen calls them. */
function hooksOf(eventId: string) {
  const useEventAttendees = (params: ListParams) => useAttendees(eventId, params);
  const useExportEventAttendees = () => useExportAttendees(eventId);
  return { useEventAttendees, useExportEventAttendees };
}

/** Who said they are going to one event, first to answer first, and the list as a CSV file. */
export function EventAttendeesRoute() {
  const { t, i18n } = useTranslation();
  const eventId = useParams().eventId ?? '';
  const event = useEvent(eventId);
  const hooks = useMemo(() => hooksOf(eventId), [eventId]);
  const mayExport = useMay()('GET', `${apiRoutes.events}/:id/attendees.csv`);
  const dateFormat = dateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: event.data?.timeZone,
  });
  const columns: Column<Attendee>[] = [
    { header: t('fields.name'), cell: (attendee) => attendee.name, sort: 'name' },
    {
      header: t('common.email'),
      sort: 'email',
      isToken: true,
      cell: (attendee) => <EmailLink email={attendee.email} />,
    },
    {
      // In the event's own time zone, which the header names: the browser's may be another.
      header: event.data ? `${t('events.answeredAt')} (${event.data.timeZone})` : t('events.answeredAt'),
      sort: 'answeredAt',
      cell: (attendee) => dateFormat.format(new Date(attendee.answeredAt)),
    },
  ];
  const title = event.data ? t('events.attendeesOf', { title: event.data.title }) : t('events.attendees');
  return (
    <div className="flex flex-col gap-4">
      <Link to="/events" className="inline-flex items-center gap-1 self-start text-sm text-brand-700 underline">
        <ArrowLeft className="size-4" aria-hidden />
        {t('events.backToEvents')}
      </Link>
      {event.isError && <Alert tone="error">{getErrorMessage(event.error, t('events.fetchError'))}</Alert>}
      {event.data && (
        <p className="text-sm text-slate-700">
          {formatEventWhen(event.data, i18n.resolvedLanguage ?? 'el')}
          {event.data.place && ` · ${event.data.place}`}
          {' · '}
          {event.data.capacity === null
            ? t('events.goingCount', { count: event.data.goingCount })
            : t('events.goingOf', { count: event.data.goingCount, capacity: event.data.capacity })}
        </p>
      )}
      <ResourceScreen<Attendee>
        useList={hooks.useEventAttendees}
        useExport={mayExport ? hooks.useExportEventAttendees : undefined}
        defaultSort="answeredAt"
        columns={columns}
        rowName={(attendee) => attendee.name}
        texts={{
          title,
          add: '',
          searchPlaceholder: t('events.attendeesSearch'),
          fetchError: t('events.attendeesFetchError'),
          deleted: '',
          deleteError: '',
          createTitle: '',
          editTitle: '',
        }}
      />
    </div>
  );
}
