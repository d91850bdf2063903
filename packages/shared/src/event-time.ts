import { dateTimeFormat } from './date-format.js';
import type { PublicEvent } from './schemas/event.js';

type EventTimes = Pick<PublicEvent, 'startsAt' | 'endsAt' | 'startsLocal' | 'endsLocal' | 'timeZone' | 'allDay'>;

/** A wall-clock date `2026-12-15` as the instant that reads as that date in UTC. */
const calendarDay = (local: string) => {
  const [year, month, day] = local.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day));
};

const dayIn = (language: string, timeZone: string) =>
  dateTimeFormat(language, { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
const timeIn = (language: string, timeZone: string) =>
  dateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' });

/**
 * When an event happens, in the site's time zone: "15 Δεκεμβρίου 2026, 19:30–22:00", the end
 * with its own date when it falls on another day; an all-day event shows its date or dates only.
 */
export function formatEventWhen(event: EventTimes, language: string): string {
  if (event.allDay) {
    const first = dayIn(language, 'UTC').format(calendarDay(event.startsLocal));
    const last = dayIn(language, 'UTC').format(calendarDay(event.endsLocal));
    return first === last ? first : `${first} – ${last}`;
  }
  const starts = new Date(event.startsAt);
  const ends = new Date(event.endsAt);
  const day = dayIn(language, event.timeZone);
  const time = timeIn(language, event.timeZone);
  const start = `${day.format(starts)}, ${time.format(starts)}`;
  return day.format(starts) === day.format(ends)
    ? `${start}–${time.format(ends)}`
    : `${start} – ${day.format(ends)}, ${time.format(ends)}`;
}

/** The start alone: "15 Δεκεμβρίου 2026, 19:30". */
export function formatEventStart(event: EventTimes, language: string): string {
  if (event.allDay) return dayIn(language, 'UTC').format(calendarDay(event.startsLocal));
  const starts = new Date(event.startsAt);
  return `${dayIn(language, event.timeZone).format(starts)}, ${timeIn(language, event.timeZone).format(starts)}`;
}

/** The day of the month and the short month name of the start, for a date badge. */
export function startBadge(event: EventTimes, language: string): { day: string; month: string } {
  const date = calendarDay(event.startsLocal);
  return {
    day: dateTimeFormat(language, { timeZone: 'UTC', day: 'numeric' }).format(date),
    month: dateTimeFormat(language, { timeZone: 'UTC', month: 'short' }).format(date),
  };
}

/** "Δεκέμβριος 2026" */
const monthName = (yearMonth: string, language: string) =>
  dateTimeFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(calendarDay(`${yearMonth}-01`));

/** Events in the order given, grouped by the month they start in (in the site's time zone). */
export function groupByMonth<T extends Pick<PublicEvent, 'startsLocal'>>(
  events: T[],
  language: string,
): { key: string; name: string; events: T[] }[] {
  const groups: { key: string; name: string; events: T[] }[] = [];
  for (const event of events) {
    const key = event.startsLocal.slice(0, 7);
    const last = groups.at(-1);
    if (last?.key === key) last.events.push(event);
    else groups.push({ key, name: monthName(key, language), events: [event] });
  }
  return groups;
}
