import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, feedPostSchema, type FeedPost } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { notModified } from '../../lib/not-modified.js';
import { latestPosts } from './feed.queries.js';

/** The feed changes every few minutes at most; each instance reads it this often. */
const CACHE_MS = 30_000;

export function registerFeedRoutes(app: FastifyInstance, { db }: AppDeps) {
  let cached: { at: number; posts: FeedPost[]; etag: string } | undefined;

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
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const posts = await latestPosts(db);
        const etag = `"${crypto.createHash('sha1').update(JSON.stringify(posts)).digest('base64url')}"`;
        cached = { at: Date.now(), posts, etag };
      }
      reply.header('etag', cached.etag).header('cache-control', 'public, max-age=60');
      if (request.headers['if-none-match'] === cached.etag) return notModified(reply);
      return cached.posts;
    },
  );
}
