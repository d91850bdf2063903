import {
  formatLocalDate,
  formatLocalDateTime,
  instantOf,
  nextDay,
  parseWallTime,
  previousDay,
  wallTimeAt,
} from '../../lib/time-zone.js';

/**
 * The instants an event's wall-clock times name in the site's zone. An all-day event runs from the
 * first instant of its first day to the first instant of the day after its last.
 */
export function eventInstants(
  body: { startsLocal: string; endsLocal: string; allDay: boolean },
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  const start = parseWallTime(body.startsLocal);
  const end = parseWallTime(body.endsLocal);
  return {
    startsAt: instantOf(body.allDay ? { ...start, hour: 0, minute: 0 } : start, timeZone),
    endsAt: instantOf(body.allDay ? nextDay(end) : end, timeZone),
  };
}

/** The stored instants as the forms and pages show them: dates for an all-day event (its last day as its end). */
export function eventLocalTimes(
  row: { startsAt: Date; endsAt: Date; allDay: boolean },
  timeZone: string,
): { startsLocal: string; endsLocal: string } {
  const start = wallTimeAt(row.startsAt, timeZone);
  const end = wallTimeAt(row.endsAt, timeZone);
  if (!row.allDay) return { startsLocal: formatLocalDateTime(start), endsLocal: formatLocalDateTime(end) };
  // An end at midnight is the day before's end; one past midnight (a zone that skips it) is its own day.
  const lastDay = end.hour === 0 && end.minute === 0 ? previousDay(end) : end;
  const startsLocal = formatLocalDate(start);
  const endsLocal = formatLocalDate(lastDay);
  return { startsLocal, endsLocal: endsLocal < startsLocal ? startsLocal : endsLocal };
}

/** The calendar days of an all-day event as DATE values take them: its first day, and the day after its last. */
export function allDayDates(row: { startsAt: Date; endsAt: Date }, timeZone: string): { start: Date; end: Date } {
  const { startsLocal, endsLocal } = eventLocalTimes({ ...row, allDay: true }, timeZone);
  const start = parseWallTime(startsLocal);
  const after = nextDay(parseWallTime(endsLocal));
  return {
    start: new Date(Date.UTC(start.year, start.month - 1, start.day)),
    end: new Date(Date.UTC(after.year, after.month - 1, after.day)),
  };
}
