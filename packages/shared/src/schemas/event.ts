import { z } from 'zod';
import { messages } from '../messages.js';
import { dateParam, sortParam } from '../list-params.js';
import { listQuerySchema } from '../pagination.js';
import { optionalText, requiredText } from './common.js';

export const EVENT_TITLE_MAX = 200;
export const EVENT_PLACE_MAX = 300;
export const EVENT_DESCRIPTION_MAX = 10_000;
export const EVENT_CAPACITY_MAX = 100_000;
/** An event lasts at most this many days. */
export const EVENT_MAX_DAYS = 31;
export const EVENT_STATUSES = ['draft', 'published'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];
export const PUBLIC_EVENTS_PAGE_SIZE = 20;
/** The calendar feed keeps past events this many days. */
export const EVENT_RECENT_DAYS = 90;
/** The first year an event may fall in; the last is this year plus EVENT_YEARS_AHEAD. */
export const EVENT_FIRST_YEAR = 2000;
export const EVENT_YEARS_AHEAD = 10;
/** The most events "my events" lists. */
export const MY_EVENTS_MAX = 100;

/** `2026-12-15`, or with a time `2026-12-15T19:30` (seconds allowed and dropped). */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;

/** The parts of a wall-clock time, or null when it is not a real date and time. */
export function parseLocalDateTime(
  value: string,
): { year: number; month: number; day: number; hour: number; minute: number; hasTime: boolean } | null {
  const match = LOCAL_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hasTime = match[4] !== undefined;
  const [hour, minute] = hasTime ? [Number(match[4]), Number(match[5])] : [0, 0];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || Number(match[6] ?? 0) > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute, hasTime };
}

/** The last year an event may fall in, counted from today. */
export const eventLastYear = (now = new Date()) => now.getUTCFullYear() + EVENT_YEARS_AHEAD;

const localDateTime = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? messages.required(label)
          : messages.eventDateFormat(label),
    })
    .trim()
    .min(1, { error: messages.required(label), abort: true })
    .max(40, { error: messages.eventDateFormat(label), abort: true })
    .transform((value, context) => {
      const parts = parseLocalDateTime(value);
      if (!parts) {
        context.addIssue({ code: 'custom', message: messages.eventDateFormat(label) });
        return z.NEVER;
      }
      const lastYear = eventLastYear();
      if (parts.year < EVENT_FIRST_YEAR || parts.year > lastYear) {
        context.addIssue({ code: 'custom', message: messages.eventYearRange(label, EVENT_FIRST_YEAR, lastYear) });
        return z.NEVER;
      }
      return parts;
    });

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const capacitySchema = z
  .union([z.number(), z.string(), z.null()], { error: () => messages.eventCapacity(EVENT_CAPACITY_MAX) })
  .optional()
  // Whole numbers only, as digits: Number() would read "1e2" and "0x10" as numbers too.
  .transform((value) =>
    value === undefined || value === null || value === ''
      ? null
      : typeof value === 'number' || /^\d+$/.test(value.trim())
        ? Number(value)
        : Number.NaN,
  )
  .pipe(
    z
      // Text that is no number ("abc") becomes NaN: the same sentence as any other bad capacity.
      .number({ error: () => messages.eventCapacity(EVENT_CAPACITY_MAX) })
      .int(messages.eventCapacity(EVENT_CAPACITY_MAX))
      .min(1, messages.eventCapacity(EVENT_CAPACITY_MAX))
      .max(EVENT_CAPACITY_MAX, messages.eventCapacity(EVENT_CAPACITY_MAX))
      .nullable(),
  );

const flag = (label: string) =>
  z
    .boolean({ error: () => messages.notBoolean(label) })
    .optional()
    .transform((value) => value ?? false);

/**
 * Create and update (PUT replaces every editable field). Times are wall-clock times in the site's
 * time zone: `2026-12-15T19:30`, or dates for an all-day event (the end is its last day).
 */
export const eventBodySchema = z
  .object({
    title: requiredText('Title', EVENT_TITLE_MAX),
    startsLocal: localDateTime('Start'),
    endsLocal: localDateTime('End'),
    allDay: flag('All day'),
    place: optionalText('Place', EVENT_PLACE_MAX),
    description: optionalText('Description', EVENT_DESCRIPTION_MAX),
    capacity: capacitySchema,
    rsvpEnabled: flag('RSVP'),
  })
  .transform((body, context) => {
    const { startsLocal: start, endsLocal: end, allDay } = body;
    if (!allDay) {
      for (const [parts, label, path] of [
        [start, 'Start', 'startsLocal'],
        [end, 'End', 'endsLocal'],
      ] as const) {
        if (!parts.hasTime)
          context.addIssue({ code: 'custom', path: [path], message: messages.eventTimeNeeded(label) });
      }
      if (!start.hasTime || !end.hasTime) return z.NEVER;
    }
    const wall = (p: typeof start) => Date.UTC(p.year, p.month - 1, p.day, allDay ? 0 : p.hour, allDay ? 0 : p.minute);
    const length = wall(end) - wall(start);
    if (allDay ? length < 0 : length <= 0) {
      context.addIssue({ code: 'custom', path: ['endsLocal'], message: messages.eventEndBeforeStart });
      return z.NEVER;
    }
    const days = EVENT_MAX_DAYS * 24 * 60 * 60 * 1000;
    if (allDay ? length >= days : length > days) {
      context.addIssue({ code: 'custom', path: ['endsLocal'], message: messages.eventTooLong(EVENT_MAX_DAYS) });
      return z.NEVER;
    }
    const format = (p: typeof start) =>
      `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` + (allDay ? '' : `T${pad(p.hour)}:${pad(p.minute)}`);
    return { ...body, startsLocal: format(start), endsLocal: format(end) };
  });
export type EventBody = z.input<typeof eventBodySchema>;
export type EventInput = z.output<typeof eventBodySchema>;

/** An event as the admin screens read it. */
export const eventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** Instants, UTC. For an all-day event: the first instant of its first day and of the day after its last. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Wall-clock times in `timeZone`; dates for an all-day event (the end is its last day). */
  startsLocal: z.string(),
  endsLocal: z.string(),
  timeZone: z.string(),
  allDay: z.boolean(),
  place: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  capacity: z.number().int().nullable(),
  rsvpEnabled: z.boolean(),
  goingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type EventRecord = z.infer<typeof eventSchema>;

/** A published event as anyone reads it. */
export const publicEventSchema = eventSchema
  .omit({ status: true, createdAt: true, updatedAt: true, publishedAt: true })
  .extend({ isFull: z.boolean(), isPast: z.boolean() });
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const EVENT_SORT_FIELDS = ['startsAt', 'title', 'createdAt'] as const;
const eventSort = sortParam(EVENT_SORT_FIELDS, 'startsAt');

/**
 * The admin list. Without `sort`: upcoming events first (soonest first), then past ones (most
 * recent first). `q` searches title and place.
 */
export const eventFiltersSchema = z.object({
  sort: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      const parsed = eventSort.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }
      return parsed.data;
    }),
  status: z.enum(EVENT_STATUSES, { error: () => messages.inviteStatusUnknown(EVENT_STATUSES.join(', ')) }).optional(),
  when: z.enum(EVENT_WHEN, { error: () => messages.eventWhenUnknown(EVENT_WHEN.join(', ')) }).optional(),
});
export type EventFilters = z.infer<typeof eventFiltersSchema>;
export const eventListQuerySchema = listQuerySchema.extend(eventFiltersSchema.shape);
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
/** The same filters, as the screen keeps them in its URL and sends them. */
export type EventListParams = z.input<typeof eventListQuerySchema>;

/**
 * The public list. Without `from`/`to`: events not yet ended, soonest first. With `to` alone:
 * events that ended before it, most recent first.
 */
export const publicEventListQuerySchema = listQuerySchema.pick({ page: true }).extend({
  from: dateParam('From'),
  to: dateParam('To'),
});
export type PublicEventListQuery = z.infer<typeof publicEventListQuerySchema>;
export type PublicEventListParams = z.input<typeof publicEventListQuerySchema>;

/** A member's answer to one event. */
export const rsvpStateSchema = z.object({
  going: z.boolean(),
  goingCount: z.number().int(),
  capacity: z.number().int().nullable(),
  isFull: z.boolean(),
});
export type RsvpState = z.infer<typeof rsvpStateSchema>;

export const attendeeSchema = z.object({
  /** The member's user id. */
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  answeredAt: z.string(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const ATTENDEE_SORT_FIELDS = ['answeredAt', 'name', 'email'] as const;
/** Attendees: first to answer first unless `sort` says otherwise; `q` searches name and email. */
export const attendeeListQuerySchema = listQuerySchema.extend({
  sort: sortParam(ATTENDEE_SORT_FIELDS, 'answeredAt'),
});
export type AttendeeListQuery = z.infer<typeof attendeeListQuerySchema>;
export type AttendeeListParams = z.input<typeof attendeeListQuerySchema>;

/** One of the events a member said they go to. */
export const myEventSchema = publicEventSchema.extend({ answeredAt: z.string() });
export type MyEvent = z.infer<typeof myEventSchema>;
/** Upcoming first (soonest first), then past (most recent first); at most MY_EVENTS_MAX. */
export const myEventsResponseSchema = z.object({ data: z.array(myEventSchema) });
export type MyEventsResponse = z.infer<typeof myEventsResponseSchema>;
