import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  attendeeListQuerySchema,
  attendeeSchema,
  deletedSchema,
  eventBodySchema,
  eventListQuerySchema,
  eventSchema,
  idParamsSchema,
  listResponseSchema,
  messages,
  myEventsResponseSchema,
  rsvpStateSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { csvStream, sendCsv } from '../../lib/csv.js';
import { contextOf, signedInContextOf } from '../../lib/request-context.js';
import { processProfileImage } from '../uploads/profile-image.js';
import {
  ATTENDEES_CSV_HEADER,
  attendeeCsvCells,
  exportAttendees,
  findEvent,
  listAttendees,
  listEvents,
  toEvent,
} from './events.queries.js';
import {
  answerGoing,
  answerNotGoing,
  createEvent,
  deleteEvent,
  duplicateEvent,
  readRsvp,
  setEventImage,
  setEventStatus,
  updateEvent,
} from './events.service.js';
import { listMyEvents } from './public-events.queries.js';

/** The one file of a multipart form, under whichever field name. */
async function readFile(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.unsupportedMediaType);
  let file: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    file = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', messages.fileTooLarge);
      throw error;
    });
    if (part.file.truncated) throw new AppError('too_large', messages.fileTooLarge);
  }
  return file;
}

export function registerEventRoutes(app: FastifyInstance, { db, config, limits }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const timeZone = config.siteTimeZone;
  const deps = { db, timeZone };
  const one = `${apiRoutes.events}/:id`;

  const existing = async (id: string) => {
    const event = await findEvent(db, id);
    if (!event) throw new AppError('not_found', messages.notFound('Event'));
    return event;
  };

  r.get(
    apiRoutes.events,
    {
      schema: {
        summary: 'List events',
        description:
          'Without `sort`: upcoming events first (soonest first), then past ones (most recent first); `sort` = startsAt, title or createdAt (`-` for descending). `status` = draft or published; `when` = upcoming (not yet ended) or past; `q` searches title and place.',
        tags,
        querystring: eventListQuerySchema,
        response: { 200: listResponseSchema(eventSchema) },
      },
    },
    (request) => listEvents(db, request.query, timeZone),
  );

  r.post(
    apiRoutes.events,
    {
      schema: {
        summary: 'Create an event (a draft)',
        description: `Times are wall-clock times in the site's time zone (${timeZone}): \`2026-12-15T19:30\`, or dates for an all-day event (the end is its last day).`,
        tags,
        body: eventBodySchema,
        response: { 201: eventSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createEvent(deps, contextOf(request), request.body)),
  );

  // A path of its own: the router prefers it to `/:id`, whatever the order.
  r.get(
    apiRoutes.myEvents,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The events I go to',
        description: `Published events the caller said they go to: upcoming first (soonest first), then past ones; at most 100.`,
        tags,
        response: { 200: myEventsResponseSchema },
      },
    },
    async (request) => ({ data: await listMyEvents(db, signedInContextOf(request).actor.id, timeZone) }),
  );

  r.get(
    one,
    {
      schema: { summary: 'One event', tags, params: idParamsSchema, response: { 200: eventSchema } },
    },
    async (request) => {
      const row = await findEvent(db, request.params.id);
      if (!row) throw new AppError('not_found', messages.notFound('Event'));
      return toEvent(row, timeZone);
    },
  );

  r.put(
    one,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Change an event',
        description: 'Replaces every editable field. A capacity below the members already going is refused.',
        tags,
        params: idParamsSchema,
        body: eventBodySchema,
        response: { 200: eventSchema },
      },
    },
    (request) => updateEvent(deps, contextOf(request), request.params.id, request.body),
  );

  r.delete(
    one,
    {
      schema: {
        summary: 'Delete an event',
        description: 'With every answer to it and its image.',
        tags,
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      await deleteEvent(deps, contextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );

  r.post(
    `${one}/publish`,
    {
      schema: {
        summary: 'Publish an event',
        description: 'Anyone can see it, and members can answer it when RSVP is on.',
        tags,
        params: idParamsSchema,
        response: { 200: eventSchema },
      },
    },
    (request) => setEventStatus(deps, contextOf(request), request.params.id, 'published'),
  );

  r.post(
    `${one}/unpublish`,
    {
      schema: {
        summary: 'Unpublish an event',
        description: 'Back to a draft; the answers already given are kept.',
        tags,
        params: idParamsSchema,
        response: { 200: eventSchema },
      },
    },
    (request) => setEventStatus(deps, contextOf(request), request.params.id, 'draft'),
  );

  r.post(
    `${one}/duplicate`,
    {
      schema: {
        summary: 'Duplicate an event',
        description: 'A draft with the same fields and a copy of the image; no answers.',
        tags,
        params: idParamsSchema,
        response: { 201: eventSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateEvent(deps, contextOf(request), request.params.id)),
  );

  r.post(
    `${one}/image`,
    {
      config: { errors: [413, 415, 429] },
      schema: {
        summary: "Set an event's image",
        description:
          'multipart/form-data with `file`: PNG, JPEG, WebP or GIF, at most 1 MB and 100 frames (the rules of profile images); 20 an hour per person. Replaces the earlier image.',
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: eventSchema },
      },
    },
    async (request) => {
      const context = signedInContextOf(request);
      await existing(request.params.id);
      await limits.consume('uploadsPerUser', context.actor.id);
      const file = await readFile(request);
      if (!file) throw new AppError('bad_request', messages.noFile);
      return setEventImage(deps, context, request.params.id, await processProfileImage(file));
    },
  );

  r.delete(
    `${one}/image`,
    {
      schema: { summary: "Remove an event's image", tags, params: idParamsSchema, response: { 200: eventSchema } },
    },
    (request) => setEventImage(deps, signedInContextOf(request), request.params.id, null),
  );

  r.get(
    `${one}/attendees`,
    {
      schema: {
        summary: "An event's attendees",
        description:
          'The members going: first to answer first unless `sort` says otherwise (answeredAt, name or email; `-` for descending); `q` searches name and email.',
        tags,
        params: idParamsSchema,
        querystring: attendeeListQuerySchema,
        response: { 200: listResponseSchema(attendeeSchema) },
      },
    },
    async (request) => {
      await existing(request.params.id);
      return listAttendees(db, request.params.id, request.query);
    },
  );

  r.get(
    `${one}/attendees.csv`,
    {
      schema: {
        summary: "An event's attendees as CSV",
        description: 'The same search and order as the list, every attendee, streamed (UTF-8 with BOM).',
        tags,
        params: idParamsSchema,
        querystring: attendeeListQuerySchema.pick({ q: true, sort: true }),
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const event = await existing(request.params.id);
      return sendCsv(
        reply,
        'attendees',
        csvStream(ATTENDEES_CSV_HEADER, exportAttendees(db, request.params.id, request.query), attendeeCsvCells),
        event.title,
      );
    },
  );

  r.get(
    `${one}/rsvp`,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'My answer to an event',
        description: 'Published events only.',
        tags,
        params: idParamsSchema,
        response: { 200: rsvpStateSchema },
      },
    },
    (request) => readRsvp(db, request.params.id, signedInContextOf(request).actor.id),
  );

  r.post(
    `${one}/rsvp`,
    {
      config: { access: 'signed-in', errors: [409] },
      schema: {
        summary: 'Say I am going',
        description:
          'Refused (409) when the event is full, has ended or takes no answers; 404 when there is no such event, or it is a draft. Saying it twice is saying it once. However many answer at once, no more go than the capacity.',
        tags,
        params: idParamsSchema,
        response: { 200: rsvpStateSchema },
      },
    },
    (request) => answerGoing(db, signedInContextOf(request), request.params.id),
  );

  r.delete(
    `${one}/rsvp`,
    {
      config: { access: 'signed-in', errors: [409] },
      schema: {
        summary: 'Take back my answer',
        description: 'Refused (409) once the event has ended; 404 for a draft the member had not answered.',
        tags,
        params: idParamsSchema,
        response: { 200: rsvpStateSchema },
      },
    },
    (request) => answerNotGoing(db, signedInContextOf(request), request.params.id),
  );
}
