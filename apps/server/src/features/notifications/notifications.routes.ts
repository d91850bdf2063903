import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  idParamsSchema,
  markedReadSchema,
  messages,
  notificationListSchema,
  notificationSchema,
  notificationsQuerySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { notModified } from '../../lib/not-modified.js';
import { AppError } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/access.js';
import { markAllRead, markRead, pollNotifications, readNotificationPage } from './notifications.queries.js';

/** Each signed-in person reads and marks only their own notifications. */
export function registerNotificationRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get(
    apiRoutes.notifications,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'My notifications',
        description: 'Newest first, with the unread count. Answers 304 to a poll whose ETag still holds.',
        tags,
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const query = { ...request.query, language: request.language };
      const poll = await pollNotifications(db, me.id, query);
      reply.header('etag', poll.etag);
      if (request.headers['if-none-match'] === poll.etag) return notModified(reply);
      return readNotificationPage(db, me.id, query, poll);
    },
  );

  r.post(
    `${apiRoutes.notifications}/:id/read`,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Mark one notification read',
        tags,
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => {
      const notification = await markRead(db, currentUser(request).id, request.params.id, request.language);
      if (!notification) throw new AppError('not_found', messages.notFound('Notification'));
      return notification;
    },
  );

  r.post(
    apiRoutes.notifications,
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Mark all my notifications read', tags, response: { 200: markedReadSchema } },
    },
    async (request) => ({ updated: await markAllRead(db, currentUser(request).id) }),
  );
}
