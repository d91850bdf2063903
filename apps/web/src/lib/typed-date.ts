/**
 * Dates typed as the screen's language writes them, whatever language the browser speaks: a
 * browser's own date control shows its language's order (mm/dd/yyyy in an English browser) on a
 * Greek screen. Values stay ISO 8601 (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with a time).
 */

export type DatePart = 'day' | 'month' | 'year';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/** A time after the date: 19:30, 19.30, or 7:30 pm / 7:30 μ.μ. */
const TYPED_TIME = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|π\.?\s?μ\.?|μ\.?\s?μ\.?)?$/i;

const partOrders = new Map<string, DatePart[]>();

/** The order day, month and year are written in, as the language's own short dates have it. */
export function datePartOrder(language: string): DatePart[] {
  let order = partOrders.get(language);
  if (!order) {
    const parts = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(new Date(2026, 10, 29))
      .map((part) => part.type)
      .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
    order = parts.length === 3 ? parts : ['day', 'month', 'year'];
    partOrders.set(language, order);
  }
  return order;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today, or now to the minute, as an ISO value, where this browser is. */
export function nowValue(withTime: boolean): string {
  const now = new Date();
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return withTime ? `${day}T${pad(now.getHours())}:${pad(now.getMinutes())}` : day;
}

/** How `value` reads in the field: 29/11/2026, or 29/11/2026 19:30; anything not ISO as is. */
export function formatTypedDate(value: string, language: string): string {
  const match = ISO_MINUTE.exec(value) ?? ISO_DAY.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute] = match;
  const parts = { day, month, year };
  const date = datePartOrder(language)
    .map((part) => parts[part])
    .join('/');
  return hour === undefined ? date : `${date} ${hour}:${minute}`;
}

function isRealDay(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseTime(text: string): string | null {
  const match = TYPED_TIME.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase().replace(/[.\s]/g, '');
  if (half) {
    if (hour < 1 || hour > 12) return null;
    const afternoon = half === 'pm' || half === 'μμ';
    hour = (hour % 12) + (afternoon ? 12 : 0);
  }
  return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
}

/**
 * The ISO value of what was typed, in the language's order (29/11/2026, 29.11.26, 29-11-2026) or
 * as ISO itself; with `withTime`, a time must follow. '' for nothing typed, null for no such date.
 */
export function parseTypedDate(text: string, language: string, { withTime = false } = {}): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (withTime ? ISO_MINUTE.test(trimmed) : ISO_DAY.test(trimmed)) {
    const [, year, month, day] = (withTime ? ISO_MINUTE : ISO_DAY).exec(trimmed)!;
    return isRealDay(Number(year), Number(month), Number(day)) ? trimmed : null;
  }
  const match = /^(\d{1,4})[/.\-\s]+(\d{1,4})[/.\-\s]+(\d{1,4})(?:[,\s]+([^,\s].*))?$/.exec(trimmed);
  if (!match) return null;
  const rest = match[4];
  const typed = { day: '', month: '', year: '' };
  datePartOrder(language).forEach((part, index) => (typed[part] = match[index + 1] ?? ''));
  // Two or four digits of year (26 is 2026), at most two of day and month.
  if (typed.year.length % 2 === 1 || typed.day.length > 2 || typed.month.length > 2) return null;
  const year = Number(typed.year) + (typed.year.length === 2 ? 2000 : 0);
  const numbers = { year, month: Number(typed.month), day: Number(typed.day) };
  if (year < 1000 || !isRealDay(year, numbers.month, numbers.day)) return null;
  const day = `${pad(year, 4)}-${pad(numbers.month)}-${pad(numbers.day)}`;
  if (!withTime) return rest === undefined ? day : null;
  const time = rest === undefined ? null : parseTime(rest);
  return time ? `${day}T${time}` : null;
}
