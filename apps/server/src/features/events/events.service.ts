import { and, eq, sql } from 'drizzle-orm';
import { messages, type EventInput, type EventRecord, type RsvpState } from '@community/shared';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { eventRsvps, events, images } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext, SignedInContext } from '../../lib/request-context.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import type { ProcessedImage } from '../uploads/profile-image.js';
import { eventInstants } from './event-times.js';
import { countGoing, findEvent, lockEvent, toEvent, type EventRow } from './events.queries.js';

export type EventDeps = { db: Db; timeZone: string };

const notFound = () => new AppError('not_found', messages.notFound('Event'));

const eventTarget = (event: { id: string; title: string }) => ({ type: 'event', id: event.id, label: event.title });

/** The fields an administrator edits, as the audit log compares them. */
const audited = (row: Partial<EventRow> | null) =>
  row && {
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    allDay: row.allDay,
    place: row.place,
    description: row.description,
    capacity: row.capacity,
    rsvpEnabled: row.rsvpEnabled,
    status: row.status,
    imageId: row.imageId,
  };

async function answer(deps: EventDeps, id: string): Promise<EventRecord> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound();
  return toEvent(row, deps.timeZone);
}

const fieldsOf = (body: EventInput, timeZone: string) => ({
  title: body.title,
  ...eventInstants(body, timeZone),
  allDay: body.allDay,
  place: body.place,
  description: body.description,
  capacity: body.capacity,
  rsvpEnabled: body.rsvpEnabled,
});

/** A new event is a draft: nobody sees it until it is published. */
export async function createEvent(deps: EventDeps, context: RequestContext, body: EventInput): Promise<EventRecord> {
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ id, ...fieldsOf(body, deps.timeZone) })
      .returning();
    await recordAudit(tx, context, {
      action: 'event.create',
      target: eventTarget(row!),
      changes: changesBetween(null, audited(row!)),
    });
  });
  return answer(deps, id);
}

/** Changes a locked event: its revision grows, so calendars replace their copy. */
async function changeEvent(
  tx: Db,
  context: RequestContext,
  action: string,
  before: EventRow,
  set: Partial<typeof events.$inferInsert>,
): Promise<EventRow> {
  const [after] = await tx
    .update(events)
    .set({
      ...set,
      updatedAt: sql`greatest(now(), ${events.updatedAt} + interval '1 millisecond')`,
      revision: sql`${events.revision} + 1`,
    })
    .where(eq(events.id, before.id))
    .returning();
  await recordAudit(tx, context, {
    action,
    target: eventTarget(after!),
    changes: changesBetween(audited(before), audited(after!)),
  });
  return after!;
}

/** Replaces every editable field. A capacity below the members already going is refused: none is turned away afterwards. */
export async function updateEvent(
  deps: EventDeps,
  context: RequestContext,
  id: string,
  body: EventInput,
): Promise<EventRecord> {
  await deps.db.transaction(async (tx) => {
    const before = await lockEvent(tx, id);
    if (!before) throw notFound();
    if (body.capacity !== null) {
      const going = await countGoing(tx, id);
      if (going > body.capacity) throw new AppError('conflict', messages.eventCapacityBelowGoing(going));
    }
    await changeEvent(tx, context, 'event.update', before, fieldsOf(body, deps.timeZone));
  });
  return answer(deps, id);
}

export async function setEventStatus(
  deps: EventDeps,
  context: RequestContext,
  id: string,
  status: 'draft' | 'published',
): Promise<EventRecord> {
  await deps.db.transaction(async (tx) => {
    const before = await lockEvent(tx, id);
    if (!before) throw notFound();
    if (before.status === status) return;
    await changeEvent(tx, context, status === 'published' ? 'event.publish' : 'event.unpublish', before, {
      status,
      publishedAt: status === 'published' ? new Date() : null,
    });
  });
  return answer(deps, id);
}

/** A draft with the same fields and a copy of the image; nobody's answers come along. */
export async function duplicateEvent(deps: EventDeps, context: RequestContext, id: string): Promise<EventRecord> {
  const copyId = newId();
  await deps.db.transaction(async (tx) => {
    const [source] = await tx.select().from(events).where(eq(events.id, id));
    if (!source) throw notFound();
    let imageId: string | null = null;
    if (source.imageId) {
      imageId = newId();
      await queryRows(
        tx,
        sql`insert into ${images} (id, owner_id, content_type, data)
            select ${imageId}, null, content_type, data from ${images} where id = ${source.imageId}`,
      );
    }
    const [copy] = await tx
      .insert(events)
      .values({
        id: copyId,
        title: source.title,
        startsAt: source.startsAt,
        endsAt: source.endsAt,
        allDay: source.allDay,
        place: source.place,
        description: source.description,
        imageId,
        capacity: source.capacity,
        rsvpEnabled: source.rsvpEnabled,
      })
      .returning();
    await recordAudit(tx, context, {
      action: 'event.duplicate',
      target: eventTarget(copy!),
      changes: { ...changesBetween(null, audited(copy!)), copyOf: [null, source.id] },
    });
  });
  return answer(deps, copyId);
}

/** The event, every answer to it and its image go at once. */
export async function deleteEvent(deps: EventDeps, context: RequestContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockEvent(tx, id);
    if (!before) throw notFound();
    const going = await countGoing(tx, id);
    await tx.delete(events).where(eq(events.id, id));
    if (before.imageId) await tx.delete(images).where(eq(images.id, before.imageId));
    await recordAudit(tx, context, {
      action: 'event.delete',
      target: eventTarget(before),
      changes: { ...changesBetween(audited(before), null), going: [going, null] },
    });
  });
}

/**
 * The event's image, processed by the rules of profile images. Stored without an owner, so no
 * person's own uploads ever remove it; the image it replaces is deleted.
 */
export async function setEventImage(
  deps: EventDeps,
  context: SignedInContext,
  id: string,
  image: ProcessedImage | null,
): Promise<EventRecord> {
  await deps.db.transaction(async (tx) => {
    const before = await lockEvent(tx, id);
    if (!before) throw notFound();
    if (!image && !before.imageId) return;
    let imageId: string | null = null;
    if (image) {
      imageId = newId();
      await tx.insert(images).values({ id: imageId, ownerId: null, ...image });
    }
    await changeEvent(tx, context, image ? 'event.image.set' : 'event.image.remove', before, { imageId });
    if (before.imageId) await tx.delete(images).where(eq(images.id, before.imageId));
  });
  return answer(deps, id);
}

// Answers of members

const rsvpState = (row: EventRow, going: boolean, goingCount: number): RsvpState => ({
  going,
  goingCount,
  capacity: row.capacity,
  isFull: row.capacity !== null && goingCount >= row.capacity,
});

async function hasAnswered(tx: Db, eventId: string, userId: string) {
  const [row] = await tx
    .select({ at: eventRsvps.createdAt })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
  return row !== undefined;
}

/** A member's answer, for a published event only: a draft is nobody's to see. */
export async function readRsvp(db: Db, eventId: string, userId: string): Promise<RsvpState> {
  const row = await findEvent(db, eventId);
  if (!row || row.status !== 'published') throw notFound();
  return rsvpState(row, await hasAnswered(db, eventId, userId), row.goingCount);
}

/**
 * "Going": the event's row is held while the answers are counted and this one added, so answers
 * arriving together take turns and the last place goes to one of them only. Saying it twice is
 * saying it once.
 */
export async function answerGoing(db: Db, context: SignedInContext, eventId: string): Promise<RsvpState> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    // A draft is nobody's to see: it is answered as no event at all.
    if (!event || event.status !== 'published') throw notFound();
    if (event.endsAt.getTime() <= Date.now()) throw new AppError('conflict', messages.eventPast);
    if (!event.rsvpEnabled) throw new AppError('conflict', messages.eventRsvpOff);
    const going = await countGoing(tx, eventId);
    if (await hasAnswered(tx, eventId, context.actor.id)) return rsvpState(event, true, going);
    if (event.capacity !== null && going >= event.capacity) throw new AppError('conflict', messages.eventFull);
    await tx.insert(eventRsvps).values({ eventId, userId: context.actor.id });
    await recordAudit(tx, context, { action: 'event.rsvp.going', target: eventTarget(event) });
    return rsvpState(event, true, going + 1);
  });
}

/**
 * "Not going" takes an answer back, until the event has ended; of a draft, only from a member who
 * answered before it was unpublished (to anyone else it is no event at all).
 */
export async function answerNotGoing(db: Db, context: SignedInContext, eventId: string): Promise<RsvpState> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw notFound();
    if (event.status !== 'published' && !(await hasAnswered(tx, eventId, context.actor.id))) throw notFound();
    if (event.endsAt.getTime() <= Date.now()) throw new AppError('conflict', messages.eventPast);
    const removed = await tx
      .delete(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, context.actor.id)))
      .returning({ userId: eventRsvps.userId });
    if (removed.length > 0) {
      await recordAudit(tx, context, { action: 'event.rsvp.not-going', target: eventTarget(event) });
    }
    return rsvpState(event, false, await countGoing(tx, eventId));
  });
}
