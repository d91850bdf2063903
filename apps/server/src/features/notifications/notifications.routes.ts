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
import { cached } from '../../db/table-changes.js';
import { currentUser } from '../../plugins/access.js';
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationState,
  notificationsEtag,
} from './notifications.queries.js';

const NOTIFICATIONS = ['notifications'];

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
      // Polled by every open admin screen: answered from memory until a notification changes.
      const { query } = request;
      const { state, etag } = await cached(
        db,
        'notifications:state',
        NOTIFICATIONS,
        `${me.id} ${query.page} ${query.limit} ${query.unread}`,
        async () => {
          const state = await notificationState(db, me.id);
          return { state, etag: notificationsEtag(state, query) };
        },
        { max: 10_000, ttlMs: 60_000 },
      );
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return notModified(reply);
      return cached(db, 'notifications:pages', NOTIFICATIONS, `${me.id} ${etag}`, () =>
        listNotifications(db, me.id, query, state),
      );
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
      const notification = await markRead(db, currentUser(request).id, request.params.id);
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
