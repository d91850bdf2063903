import { allDayDates } from './event-times.js';
import type { EventRowWithCount } from './events.queries.js';

export type CalendarSite = { publicUrl: string; siteName: string; timeZone: string };

/** The same event always has the same UID, whatever feed carries it: its id at the site's host. */
export const eventUid = (eventId: string, publicUrl: string) => `${eventId}@${new URL(publicUrl).host}`;

/**
 * An RFC 5545 calendar of published events. Timed events are written in UTC; all-day events as
 * DATE values of the site's calendar days (the end the day after the last). SEQUENCE counts the
 * administrator's changes and DTSTAMP / LAST-MODIFIED are the last of them, so an unchanged event
 * reads the same every time and a changed one replaces its earlier copy in a subscriber's calendar.
 */
export async function buildCalendar(rows: EventRowWithCount[], site: CalendarSite, name: string): Promise<string> {
  // Loaded at the first calendar asked for; its answers are kept until events change.
  const { default: ical, ICalCalendarMethod, ICalEventStatus } = await import('ical-generator');
  const calendar = ical({
    name,
    prodId: { company: site.siteName, product: 'events', language: 'EL' },
    method: ICalCalendarMethod.PUBLISH,
    url: `${site.publicUrl}/events`,
    ttl: 60 * 60,
  });
  for (const row of rows) {
    const times = row.allDay
      ? { ...allDayDates(row, site.timeZone), allDay: true }
      : { start: row.startsAt, end: row.endsAt, allDay: false };
    calendar.createEvent({
      id: eventUid(row.id, site.publicUrl),
      sequence: row.revision,
      ...times,
      stamp: row.updatedAt,
      created: row.createdAt,
      lastModified: row.updatedAt,
      summary: row.title,
      description: row.description,
      location: row.place,
      url: `${site.publicUrl}/events/${row.id}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // Every content line ends with CRLF (RFC 5545 3.1), the last one too.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
