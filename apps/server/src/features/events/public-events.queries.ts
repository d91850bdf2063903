import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  EVENT_RECENT_DAYS,
  MY_EVENTS_MAX,
  paginate,
  PUBLIC_EVENTS_PAGE_SIZE,
  type ListResponse,
  type MyEvent,
  type PublicEvent,
  type PublicEventListQuery,
} from '@community/shared';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { eventRsvps, events } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { etagOf } from '../../lib/precompressed.js';
import { buildCalendar, type CalendarSite } from './calendar.js';
import { eventColumns, eventOrder, toPublicEvent, type EventRowWithCount } from './events.queries.js';

/** What public answers are read from: an event or an answer to one changing ends them. */
const SOURCE = ['events', 'event_rsvps'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const NOW_SLACK_MS = 10 * 60 * 1000;

/**
 * Public answers also change with the clock: an event ends (it moves to the past, and leaves the
 * upcoming list), or leaves the calendar feed EVENT_RECENT_DAYS later. Each database keeps the
 * next such moment; once it passes, every kept answer is read afresh (keys name a generation).
 */
const clocks = new WeakMap<Db, { until: number; generation: number }>();

function generationOf(db: Db): number {
  let clock = clocks.get(db);
  if (!clock) clocks.set(db, (clock = { until: Infinity, generation: 0 }));
  if (Date.now() >= clock.until) {
    clock.generation += 1;
    clock.until = Infinity;
  }
  return clock.generation;
}

async function noteNextChange(db: Db): Promise<void> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select least(
      (select min(ends_at) from events where status = 'published' and ends_at > now()),
      (select min(ends_at) + ${`${EVENT_RECENT_DAYS} days`}::interval from events
        where status = 'published' and ends_at > now() - ${`${EVENT_RECENT_DAYS} days`}::interval)
    ) as at`,
  );
  if (!row?.at) return;
  const at = new Date(row.at).getTime();
  const clock = clocks.get(db);
  if (clock && Number.isFinite(at)) clock.until = Math.min(clock.until, at);
}

/** Served from memory until an event or an answer changes, or the clock moves an event along. */
function readKept<V>(db: Db, name: string, key: string, load: () => Promise<V>): Promise<V> {
  const generation = generationOf(db);
  return cached(db, name, SOURCE, `${generation} ${key}`, async () => {
    const [value] = await Promise.all([load(), noteNextChange(db)]);
    return value;
  });
}

const published = eq(events.status, 'published');

const readRows = (db: Db) => db.select(eventColumns).from(events).$dynamic();
const flatten = (rows: { event: typeof events.$inferSelect; goingCount: number }[]): EventRowWithCount[] =>
  rows.map(({ event, goingCount }) => ({ ...event, goingCount }));

export type Kept<V> = V & { etag: string };

/** One published event and its ETag, or null: drafts and deleted events are nobody's to read. */
export function readPublicEvent(db: Db, id: string, timeZone: string): Promise<Kept<{ event: PublicEvent }> | null> {
  return readKept(db, 'events:public-one', `${timeZone} ${id}`, async () => {
    const [row] = flatten(await readRows(db).where(and(eq(events.id, id), published)));
    if (!row) return null;
    const event = toPublicEvent(row, timeZone);
    return { event, etag: etagOf(JSON.stringify(event)) };
  });
}

/**
 * A page of published events. Without `from`/`to`: those not yet ended, soonest first. With `to`
 * alone: those that ended before it (or by now, for any `to` from ten minutes ago on), most
 * recent first. With `from`: those ending after it (and
 * starting before `to`, when given), soonest first.
 */
export function readPublicEvents(
  db: Db,
  query: PublicEventListQuery,
  timeZone: string,
): Promise<Kept<{ page: ListResponse<PublicEvent> }>> {
  const { from, page } = query;
  const isPastList = query.to !== undefined && from === undefined;
  // The past events below the list ask with the reader's clock: any moment from a little before
  // now on means "ended by now", one answer kept for everyone instead of one per request.
  const to = isPastList && query.to!.getTime() >= Date.now() - NOW_SLACK_MS ? undefined : query.to;
  const key = `${timeZone} ${page} ${isPastList} ${from?.toISOString() ?? ''} ${to?.toISOString() ?? ''}`;
  return readKept(db, 'events:public-list', key, async () => {
    const where = and(
      published,
      isPastList ? lt(events.endsAt, to ?? sql`now()`) : gt(events.endsAt, from ?? sql`now()`),
      !isPastList && to ? lt(events.startsAt, to) : undefined,
    );
    const order = isPastList ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
    const [rows, [counted]] = await Promise.all([
      readRows(db)
        .where(where)
        .orderBy(...order)
        .limit(PUBLIC_EVENTS_PAGE_SIZE)
        .offset((page - 1) * PUBLIC_EVENTS_PAGE_SIZE),
      db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(events)
        .where(where),
    ]);
    const now = new Date();
    const data = flatten(rows).map((row) => toPublicEvent(row, timeZone, now));
    const answer = { data, ...paginate(counted?.n ?? 0, page, PUBLIC_EVENTS_PAGE_SIZE, data.length) };
    return { page: answer, etag: etagOf(JSON.stringify(answer)) };
  });
}

/** The next events, for the public pages' heads and the home page. */
export const readUpcomingEvents = (db: Db, timeZone: string) =>
  readPublicEvents(db, { page: 1, from: undefined, to: undefined }, timeZone);

/** Published events that ended less than EVENT_RECENT_DAYS ago or have yet to, as one calendar. */
export function readCalendarFeed(db: Db, site: CalendarSite): Promise<Kept<{ body: string }>> {
  return readKept(db, 'events:calendar', `${site.timeZone} ${site.publicUrl} ${site.siteName}`, async () => {
    const since = new Date(Date.now() - EVENT_RECENT_DAYS * DAY_MS);
    const rows = flatten(
      await readRows(db)
        .where(and(published, gt(events.endsAt, since)))
        .orderBy(asc(events.startsAt), asc(events.id)),
    );
    const body = await buildCalendar(rows, site, site.siteName);
    return { body, etag: etagOf(body) };
  });
}

/** One published event as a calendar of its own, or null. */
export function readEventCalendar(db: Db, id: string, site: CalendarSite): Promise<Kept<{ body: string }> | null> {
  return readKept(db, 'events:calendar-one', `${site.timeZone} ${site.publicUrl} ${site.siteName} ${id}`, async () => {
    const [row] = flatten(await readRows(db).where(and(eq(events.id, id), published)));
    if (!row) return null;
    const body = await buildCalendar([row], site, row.title);
    return { body, etag: etagOf(body) };
  });
}

/** The published events a member said they go to: upcoming first (soonest first), then past ones. */
export async function listMyEvents(db: Db, userId: string, timeZone: string): Promise<MyEvent[]> {
  const rows = await db
    .select({ ...eventColumns, answeredAt: eventRsvps.createdAt })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .where(and(eq(eventRsvps.userId, userId), published))
    .orderBy(...eventOrder(undefined))
    .limit(MY_EVENTS_MAX);
  const now = new Date();
  return rows.map(({ event, goingCount, answeredAt }) => ({
    ...toPublicEvent({ ...event, goingCount }, timeZone, now),
    answeredAt: answeredAt.toISOString(),
  }));
}
