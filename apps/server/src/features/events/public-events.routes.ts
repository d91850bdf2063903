import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  idParamsSchema,
  listResponseSchema,
  messages,
  publicEventListQuerySchema,
  publicEventSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { notModified } from '../../lib/not-modified.js';
import { readCalendarFeed, readEventCalendar, readPublicEvent, readPublicEvents } from './public-events.queries.js';

/** Revalidated every time (answers change the counts), and a 304 when nothing did. */
const REVALIDATE = 'no-cache';

export function registerPublicEventRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const timeZone = config.siteTimeZone;
  const site = { publicUrl: config.publicUrl, siteName: config.site.name, timeZone };
  const notFound = () => new AppError('not_found', messages.notFound('Event'));
  const notModifiedNote = 'Answers 304 to a matching If-None-Match.';

  r.get(
    apiRoutes.publicEvents,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Published events',
        description: `Without \`from\`/\`to\`: events not yet ended, soonest first. With \`to\` alone: events that ended before it (any \`to\` from ten minutes ago on means by now), most recent first. With \`from\`: events ending after it (and starting before \`to\`), soonest first. 20 a page. ${notModifiedNote}`,
        tags,
        security: [],
        querystring: publicEventListQuerySchema,
        response: { 200: listResponseSchema(publicEventSchema), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const { page, etag } = await readPublicEvents(db, request.query, timeZone);
      reply.header('etag', etag).header('cache-control', REVALIDATE);
      if (request.headers['if-none-match'] === etag) return notModified(reply);
      return page;
    },
  );

  r.get(
    `${apiRoutes.publicEvents}/:id`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'One published event',
        description: `Drafts and deleted events answer 404. ${notModifiedNote}`,
        tags,
        security: [],
        params: idParamsSchema,
        response: { 200: publicEventSchema, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const kept = await readPublicEvent(db, request.params.id, timeZone);
      if (!kept) throw notFound();
      reply.header('etag', kept.etag).header('cache-control', REVALIDATE);
      if (request.headers['if-none-match'] === kept.etag) return notModified(reply);
      return kept.event;
    },
  );

  const sendCalendar = (
    reply: FastifyReply,
    ifNoneMatch: string | undefined,
    kept: { body: string; etag: string },
    file: string,
  ) => {
    reply
      .header('etag', kept.etag)
      .header('cache-control', REVALIDATE)
      .header('content-disposition', `inline; filename="${file}"`);
    if (ifNoneMatch === kept.etag) return notModified(reply);
    return reply.type('text/calendar; charset=utf-8').send(kept.body);
  };

  app.get(
    apiRoutes.eventsFeed,
    {
      config: { access: 'public' },
      schema: {
        summary: 'The events as a calendar (RFC 5545)',
        description: `Published events that have not ended or ended less than 90 days ago; to subscribe to in a calendar app. ${notModifiedNote}`,
        tags,
        security: [],
        produces: ['text/calendar'],
      },
    },
    async (request, reply) =>
      sendCalendar(reply, request.headers['if-none-match'], await readCalendarFeed(db, site), 'events.ics'),
  );

  r.get(
    '/events/:id.ics',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One event as a calendar (RFC 5545)',
        description: `For "Add to calendar". Drafts and deleted events answer 404. ${notModifiedNote}`,
        tags,
        security: [],
        params: idParamsSchema,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const kept = await readEventCalendar(db, request.params.id, site);
      if (!kept) throw notFound();
      return sendCalendar(reply, request.headers['if-none-match'], kept, `event-${request.params.id}.ics`);
    },
  );
}
