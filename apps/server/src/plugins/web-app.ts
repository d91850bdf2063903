import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { precompress, sendPrecompressed, type Precompressed } from '../lib/precompressed.js';
import { withPageHead, type PageHead } from './page-head.js';

/**
 * A public page whose head the server writes: answers the head, or null for a page that does not
 * exist (the entry page is still sent, with 404, and the app says so). The same head object
 * while nothing on the page changes: the page is written and compressed once per head object.
 */
export type PageWithHead = { path: string; head: (request: FastifyRequest) => Promise<PageHead | null> };

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
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Precompressed) =>
    sendPrecompressed(request, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), page);
  // The two entry pages are read and compressed once: they change only with a new build, which a
  // restart serves.
  const publicEntry = fs.readFileSync(publicIndex, 'utf8');
  const publicPage = precompress(publicEntry);
  const adminPage = precompress(fs.readFileSync(path.join(distDir, 'admin/index.html')));
  const sendEntry = (page: Precompressed) => ({
    config: { access: 'public' as const },
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, page),
  });
  const rendered = new WeakMap<PageHead, Precompressed>();
  for (const page of pages) {
    app.get(page.path, {
      config: { access: 'public' as const },
      schema: { hide: true },
      handler: async (request, reply) => {
        const head = await page.head(request);
        if (!head) return sendPage(request, reply.code(404), publicPage);
        let written = rendered.get(head);
        if (!written) rendered.set(head, (written = precompress(withPageHead(publicEntry, head), { quick: true })));
        return sendPage(request, reply, written);
      },
    });
  }
  app.get('/admin', sendEntry(adminPage));
  app.get('/admin/*', sendEntry(adminPage));
  app.get('/', sendEntry(publicPage));
  app.get('/*', sendEntry(publicPage));
}
