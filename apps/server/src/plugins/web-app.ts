import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notModified } from '../lib/not-modified.js';
import { withPageHead, type PageHead } from './page-head.js';

/**
 * A public page whose head the server writes: answers the head, or null for a page that does not
 * exist (the entry page is still sent, with 404, and the app says so).
 */
export type PageWithHead = { path: string; head: (request: FastifyRequest) => Promise<PageHead | null> };

const etagOf = (body: string | Buffer) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Serves the built web app: hashed assets cached for a year, the two HTML entry points never
 * cached, and client-side routes answered with their entry point.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, pages: PageWithHead[] = []) {
  const publicIndex = path.join(distDir, 'index.html');
  if (!fs.existsSync(publicIndex)) {
    app.log.warn({ distDir }, 'the web app is not built: only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies; the best one the client accepts is sent.
    preCompressed: true,
    // Our own policy below: hashed assets for a year, everything else revalidated.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The two entry pages are read once: they change only with a new build, which a restart serves.
  const sendEntry = (file: string) => {
    const body = fs.readFileSync(path.join(distDir, file));
    const etag = etagOf(body);
    return {
      config: { access: 'public' as const },
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-cache').header('etag', etag);
        if (request.headers['if-none-match'] === etag) return notModified(reply);
        return reply.type('text/html; charset=utf-8').send(body);
      },
    };
  };
  const publicEntry = fs.readFileSync(publicIndex, 'utf8');
  // Rendered anew only when the head changes: the head of a kept event is the same text.
  const rendered = new Map<string, { body: string; etag: string }>();
  const render = (head: PageHead) => {
    const key = JSON.stringify(head);
    let page = rendered.get(key);
    if (!page) {
      const body = withPageHead(publicEntry, head);
      page = { body, etag: etagOf(body) };
      if (rendered.size >= 200) rendered.delete(rendered.keys().next().value!);
      rendered.set(key, page);
    }
    return page;
  };
  for (const page of pages) {
    app.get(page.path, {
      config: { access: 'public' as const },
      schema: { hide: true },
      handler: async (request, reply) => {
        const head = await page.head(request);
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        if (!head) return reply.code(404).send(publicEntry);
        const { body, etag } = render(head);
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) return notModified(reply);
        return reply.send(body);
      },
    });
  }
  app.get('/admin', sendEntry('admin/index.html'));
  app.get('/admin/*', sendEntry('admin/index.html'));
  app.get('/', sendEntry('index.html'));
  app.get('/*', sendEntry('index.html'));
}
