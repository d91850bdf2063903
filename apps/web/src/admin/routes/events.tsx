import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EVENT_STATUSES, EVENT_WHEN, type EventRecord, apiRoutes, formatEventWhen } from '@community/shared';
import type { ListFilter } from '../../components/resource-list/list-filters';
import { useListRights, useMay } from '../use-rights';
import { ResourceScreen, type Column } from '../../components/resource-list/resource-screen';
import { resourceTexts } from '../../components/resource-list/resource-texts';
import { Modal } from '../../components/ui/modal';
import { useDeleteEvent } from '../../features/events/api/delete-event';
import { useEvents } from '../../features/events/api/get-events';
import { EventForm } from '../../features/events/components/event-form';
import { EventRowActions } from '../../features/events/components/event-row-actions';
import { EventStatusBadge } from '../../features/events/components/event-status-badge';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { getErrorMessage } from '../../lib/api-client';

export function EventsRoute() {
  const { t, i18n } = useTranslation();
  const siteTimeZone = useSiteConfig().data?.site.timeZone;
  const rights = useListRights(apiRoutes.events);
  const may = useMay();
  const one = `${apiRoutes.events}/:id`;
  const mayOnRow = {
    publish: may('POST', `${one}/publish`),
    unpublish: may('POST', `${one}/unpublish`),
    duplicate: may('POST', `${one}/duplicate`),
    attendees: may('GET', `${one}/attendees`),
  };
  // A duplicate opens at once, so the copy's date or title can be changed before it is published.
  const [copy, setCopy] = useState<EventRecord | null>(null);
  // Left without saving, the copy is not kept: Duplicate then Cancel makes nothing, as Add New would.
  const discardCopy = useDeleteEvent();
  const dropCopy = () => {
    if (copy && rights.delete)
      discardCopy.mutate(copy._id, {
        onSuccess: () => void toast(t('events.copyDiscarded')),
        onError: (error) => void toast.error(getErrorMessage(error, t('events.deleteError'))),
      });
    setCopy(null);
  };
  const columns: Column<EventRecord>[] = [
    { header: t('events.eventTitle'), cell: (event) => event.title, sort: 'title' },
    {
      header: t('events.when'),
      sort: 'startsAt',
      cell: (event) => (
        <span className="whitespace-nowrap">{formatEventWhen(event, i18n.resolvedLanguage ?? 'el')}</span>
      ),
    },
    { header: t('events.place'), cell: (event) => event.place ?? '' },
    { header: t('events.statusLabel'), cell: (event) => <EventStatusBadge status={event.status} /> },
    {
      header: t('events.goingOfCapacity'),
      cell: (event) =>
        event.rsvpEnabled ? `${event.goingCount} / ${event.capacity ?? t('events.noLimit')}` : t('events.rsvpOff'),
    },
  ];
  const filters: ListFilter[] = [
    {
      name: 'status',
      label: t('events.statusLabel'),
      kind: 'choice',
      options: EVENT_STATUSES.map((status) => ({ value: status, label: t(`events.status.${status}`) })),
    },
    {
      name: 'when',
      label: t('events.when'),
      kind: 'choice',
      options: EVENT_WHEN.map((when) => ({ value: when, label: t(`events.whenFilter.${when}`) })),
    },
  ];
  return (
    <>
      <ResourceScreen<EventRecord>
        useList={useEvents}
        rights={rights}
        useDelete={useDeleteEvent}
        deleteText={(event) => t('events.deleteText', { title: event.title })}
        filters={filters}
        columns={columns}
        rowName={(event) => event.title}
        texts={resourceTexts(t, 'events')}
        renderForm={(props) => <EventForm {...props} siteTimeZone={siteTimeZone} />}
        rowActions={
          Object.values(mayOnRow).some(Boolean)
            ? (event) => <EventRowActions event={event} onDuplicated={setCopy} may={mayOnRow} />
            : undefined
        }
      />
      <Modal isOpen={copy !== null} onClose={dropCopy} title={t('events.copyTitle')}>
        {copy && <EventForm row={copy} onDone={() => setCopy(null)} onCancel={dropCopy} siteTimeZone={siteTimeZone} />}
      </Modal>
    </>
  );
}
