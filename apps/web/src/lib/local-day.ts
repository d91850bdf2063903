const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight at the start of `day` (YYYY-MM-DD) where this browser is, `days` later. */
function localMidnight(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + days);
  return date.toISOString();
}

/**
 * A day chosen on a screen is the person's own day, not UTC's: the instant it starts where they
 * are (in Athens, 2026-11-29 starts at 2026-11-28T22:00Z). Anything but a plain day passes as is.
 */
export const dayStart = (value: string): string => (DAY.test(value) ? localMidnight(value, 0) : value);

/** The instant the day after starts: a range "to" a day takes that whole day in. */
export const dayEnd = (value: string): string => (DAY.test(value) ? localMidnight(value, 1) : value);

/**
 * Whether no day lies in a range of chosen days: its end before its start, or, where the end is
 * the first day left out ("joined before"), on it.
 */
export function isEmptyRange(from: string | undefined, to: string | undefined, { endIsLeftOut = false } = {}) {
  return Boolean(from && to && DAY.test(from) && DAY.test(to) && (endIsLeftOut ? to <= from : to < from));
}
