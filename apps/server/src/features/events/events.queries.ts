import { and, asc, desc, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  PROFILE_IMAGE_PATH_PREFIX,
  type AttendeeListQuery,
  type EventFilters,
  type EventListQuery,
  type EventRecord,
  type PublicEvent,
} from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, foldedHolds, listPage, sortFold } from '../../db/list.js';
import { nameHolds } from '../users/user-search.js';
import { eventRsvps, events, users } from '../../db/schema.js';
import { eventLocalTimes } from './event-times.js';

export type EventRow = typeof events.$inferSelect;
export type EventRowWithCount = EventRow & { goingCount: number };

/** How many members said they go: counted from the answers, so a deleted account leaves no trace. */
export const goingCountOf = (eventId: SQL | typeof events.id = events.id) =>
  sql<number>`(select count(*)::int from ${eventRsvps} where ${eventRsvps.eventId} = ${eventId})`.mapWith(Number);

export const eventColumns = { event: events, goingCount: goingCountOf() };

const withCount = ({ event, goingCount }: { event: EventRow; goingCount: number }): EventRowWithCount => ({
  ...event,
  goingCount,
});

export const eventImageUrl = (imageId: string | null) => (imageId ? `${PROFILE_IMAGE_PATH_PREFIX}${imageId}` : null);

const isFull = (row: EventRowWithCount) => row.capacity !== null && row.goingCount >= row.capacity;

export function toPublicEvent(row: EventRowWithCount, timeZone: string, now = new Date()): PublicEvent {
  return {
    _id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    ...eventLocalTimes(row, timeZone),
    timeZone,
    allDay: row.allDay,
    place: row.place,
    description: row.description,
    imageUrl: eventImageUrl(row.imageId),
    capacity: row.capacity,
    rsvpEnabled: row.rsvpEnabled,
    goingCount: row.goingCount,
    isFull: isFull(row),
    isPast: row.endsAt.getTime() <= now.getTime(),
  };
}

export function toEvent(row: EventRowWithCount, timeZone: string): EventRecord {
  const { isFull: _full, isPast: _past, ...event } = toPublicEvent(row, timeZone);
  return {
    ...event,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export async function findEvent(db: Db, id: string): Promise<EventRowWithCount | undefined> {
  const [row] = await db.select(eventColumns).from(events).where(eq(events.id, id));
  return row && withCount(row);
}

/** The event's row, held until the transaction ends: answers and edits of one event take turns. */
export async function lockEvent(tx: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  return row;
}

export async function countGoing(tx: Db, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(eventRsvps)
    .where(eq(eventRsvps.eventId, eventId));
  return row?.n ?? 0;
}

// The admin list

const SORT_KEYS = { startsAt: events.startsAt, title: sortFold(events.title), createdAt: events.createdAt } as const;
const hasEnded = sql`(${events.endsAt} <= now())`;

/** Upcoming first, soonest first; then past ones, most recent first. `reversed` reads it from the end. */
function defaultOrder(reversed: boolean): SQL[] {
  const upcomingStart = sql`case when ${events.endsAt} > now() then ${events.startsAt} end`;
  return reversed
    ? [sql`${hasEnded} desc`, sql`${upcomingStart} desc nulls first`, sql`${events.startsAt} asc`, desc(events.id)]
    : [sql`${hasEnded} asc`, sql`${upcomingStart} asc nulls last`, sql`${events.startsAt} desc`, asc(events.id)];
}

export function eventOrder(sort: EventFilters['sort'], reversed = false): SQL[] {
  if (!sort) return defaultOrder(reversed);
  const direction = sort.isDescending !== reversed ? desc : asc;
  return [direction(SORT_KEYS[sort.field]), direction(events.id)];
}

const searchCondition = (q: string | undefined) => {
  if (!q) return undefined;
  return or(foldedHolds(events.title, q), foldedHolds(events.place, q));
};

export const eventWhere = (query: Pick<EventListQuery, 'q' | 'status' | 'when'>) =>
  and(
    query.status ? eq(events.status, query.status) : undefined,
    query.when === 'upcoming' ? gt(events.endsAt, sql`now()`) : undefined,
    query.when === 'past' ? lte(events.endsAt, sql`now()`) : undefined,
    searchCondition(query.q),
  );

export function listEvents(db: Db, query: EventListQuery, timeZone: string) {
  const where = eventWhere(query);
  return listPage(db, {
    name: `events ${query.sort ? `${query.sort.field} ${query.sort.isDescending}` : 'upcoming-first'}`,
    // Which events are upcoming changes with the clock.
    changesWithTime: !query.sort || query.when !== undefined,
    query,
    table: 'events',
    where,
    source: ['events', 'event_rsvps'],
    fetch: async ({ offset, limit, reversed }) => {
      const rows = await db
        .select(eventColumns)
        .from(events)
        .where(where)
        .orderBy(...eventOrder(query.sort, reversed))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => toEvent(withCount(row), timeZone));
    },
  });
}

// Attendees

const ATTENDEE_SORT_KEYS = {
  answeredAt: eventRsvps.createdAt,
  name: sortFold(users.name),
  email: users.email,
} as const;

const attendeeOrder = ({ field, isDescending }: AttendeeListQuery['sort'], reversed = false) => {
  const direction = isDescending !== reversed ? desc : asc;
  return [direction(ATTENDEE_SORT_KEYS[field]), direction(eventRsvps.userId)];
};

const attendeeWhere = (eventId: string, q: string | undefined) =>
  and(eq(eventRsvps.eventId, eventId), q ? or(nameHolds(q), ilike(users.email, containsPattern(q))) : undefined)!;

const attendeeColumns = { _id: users.id, name: users.name, email: users.email, answeredAt: eventRsvps.createdAt };

const toAttendee = (row: { _id: string; name: string; email: string; answeredAt: Date }) => ({
  ...row,
  answeredAt: row.answeredAt.toISOString(),
});

export function listAttendees(db: Db, eventId: string, query: AttendeeListQuery) {
  const where = attendeeWhere(eventId, query.q);
  return listPage(db, {
    name: `event-attendees ${query.sort.field} ${query.sort.isDescending}`,
    query,
    table: 'event_rsvps',
    where,
    from: sql`${eventRsvps} inner join ${users} on ${users.id} = ${eventRsvps.userId}`,
    source: ['event_rsvps', 'users'],
    fetch: async ({ offset, limit, reversed }) =>
      (
        await db
          .select(attendeeColumns)
          .from(eventRsvps)
          .innerJoin(users, eq(users.id, eventRsvps.userId))
          .where(where)
          .orderBy(...attendeeOrder(query.sort, reversed))
          .limit(limit)
          .offset(offset)
      ).map(toAttendee),
  });
}

const EXPORT_BATCH = 1000;

/** Every attendee the search matches, in the list's order, a batch at a time. */
export async function* exportAttendees(db: Db, eventId: string, query: Pick<AttendeeListQuery, 'q' | 'sort'>) {
  const where = attendeeWhere(eventId, query.q);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await db
      .select(attendeeColumns)
      .from(eventRsvps)
      .innerJoin(users, eq(users.id, eventRsvps.userId))
      .where(where)
      .orderBy(...attendeeOrder(query.sort))
      .limit(EXPORT_BATCH)
      .offset(offset);
    if (rows.length > 0) yield rows.map(toAttendee);
    if (rows.length < EXPORT_BATCH) return;
  }
}

export const ATTENDEES_CSV_HEADER = ['id', 'name', 'email', 'answered'] as const;
export const attendeeCsvCells = (attendee: ReturnType<typeof toAttendee>) => [
  attendee._id,
  attendee.name,
  attendee.email,
  attendee.answeredAt,
];
