import type { EventRecord } from '@community/shared';

type When = Pick<EventRecord, 'startsAt' | 'endsAt' | 'startsLocal' | 'endsLocal' | 'allDay' | 'timeZone'>;

/** A wall-clock date (`2026-12-15`) as an instant that formats as that very day in UTC. */
const day = (local: string) => new Date(`${local.slice(0, 10)}T00:00:00Z`);

/**
 * When an event takes place, in the site's time zone (the one the API answers) and the reader's
 * language: "15 Dec 2026, 19:30 – 22:00"; an all-day event shows its days alone.
 */
export function formatEventWhen(event: When, language: string | undefined): string {
  if (event.allDay) {
    const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return dates.formatRange(day(event.startsLocal), day(event.endsLocal));
  }
  const times = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: event.timeZone,
  });
  return times.formatRange(new Date(event.startsAt), new Date(event.endsAt));
}
