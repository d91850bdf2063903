import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, feedPostSchema } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { notModified } from '../../lib/not-modified.js';
import { readFeed } from './feed.queries.js';

export function registerFeedRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.telegramData,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Posts of the Official Feed',
        description: 'Newest first. Answers 304 to a matching If-None-Match.',
        tags: ['site'],
        security: [],
        response: { 200: z.array(feedPostSchema), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const feed = await readFeed(db);
      reply.header('etag', feed.etag).header('cache-control', 'public, max-age=60');
      if (request.headers['if-none-match'] === feed.etag) return notModified(reply);
      return feed.posts;
    },
  );
}
