/**
 * Wall-clock times in a named time zone and the instants they name, from the runtime's own time
 * zone data (Intl), so daylight saving changes are those of the zone's rules for that date.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time an instant shows in the zone (seconds dropped). */
export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year) * (parts.era === 'BC' ? -1 : 1);
  return {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const wallMs = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds (minute precision). */
export function offsetAt(instantMs: number, timeZone: string): number {
  const floored = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
  return wallMs(wallTimeAt(new Date(floored), timeZone)) - floored;
}

/**
 * The instant a wall-clock time names in the zone. A time that occurs twice (clocks turned back)
 * is its first occurrence; a time skipped when clocks go forward is moved forward by the gap, as
 * a clock that was not turned would show it (so 03:30 on the spring-forward night in Athens is
 * 04:30 summer time).
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const naive = wallMs(wall);
  // Offsets a day either side bound every transition the wall time can fall into.
  const before = offsetAt(naive - DAY_MS, timeZone);
  const after = offsetAt(naive + DAY_MS, timeZone);
  const candidates = [...new Set([naive - before, naive - after])].sort((a, b) => a - b);
  const exact = candidates.find((instant) => wallMs(wallTimeAt(new Date(instant), timeZone)) === naive);
  return new Date(exact ?? naive - before);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const formatLocalDate = (wall: Pick<WallTime, 'year' | 'month' | 'day'>) =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;

export const formatLocalDateTime = (wall: WallTime) => `${formatLocalDate(wall)}T${pad(wall.hour)}:${pad(wall.minute)}`;

/** `2026-12-15` or `2026-12-15T19:30` into its parts (already validated by the body schema). */
export function parseWallTime(local: string): WallTime {
  const [date, time = '00:00'] = local.split('T') as [string, string?];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
}

/** The calendar day after, at midnight. */
export function nextDay(wall: Pick<WallTime, 'year' | 'month' | 'day'>): WallTime {
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 };
}

/** The calendar day before, at midnight. */
export function previousDay(wall: Pick<WallTime, 'year' | 'month' | 'day'>): WallTime {
  const prev = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - 1));
  return { year: prev.getUTCFullYear(), month: prev.getUTCMonth() + 1, day: prev.getUTCDate(), hour: 0, minute: 0 };
}
