import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes, feedPostSchema } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { notModified } from '../../lib/not-modified.js';
import { latestPosts } from './feed.queries.js';

const feedSchema = z.array(feedPostSchema);

/** The feed changes every few minutes at most; each instance reads it this often. */
const CACHE_MS = 30_000;

export function registerFeedRoutes(app: FastifyInstance, { db }: AppDeps) {
  let cached: { at: number; body: string; etag: string } | undefined;

  // Without the type provider: the answer is JSON serialised once, sent as a string.
  app.get(
    apiRoutes.telegramData,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Posts of the Official Feed',
        description: 'Newest first. Answers 304 to a matching If-None-Match.',
        tags: ['site'],
        security: [],
        response: { 200: feedSchema, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        // Checked and serialised once per read, not once per answer.
        const body = JSON.stringify(feedSchema.parse(await latestPosts(db)));
        const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
        cached = { at: Date.now(), body, etag };
      }
      reply.header('etag', cached.etag).header('cache-control', 'public, max-age=60');
      if (request.headers['if-none-match'] === cached.etag) return notModified(reply);
      return reply.type('application/json; charset=utf-8').send(cached.body);
    },
  );
}
