import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  messages,
  saveTranslationBodySchema,
  saveTranslationResponseSchema,
  translationsQueryBodySchema,
  translationsResponseSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { notModified } from '../../lib/not-modified.js';
import { defaultTexts, type CatalogueSource } from './catalogue.js';
import {
  findTranslation,
  generateTranslations,
  listTranslations,
  publishedState,
  publishedTexts,
  saveTranslation,
} from './translations.queries.js';

const LANGUAGE_CODE = /^[a-z]{2,3}$/;
const STATE_TTL_MS = 1000;

/** A published language as sent: compressed once per publication, not once per request. */
type RenderedTexts = { key: string; body: string; etag: string; gzip: Buffer; br: Buffer };

function renderTexts(key: string, body: string): RenderedTexts {
  return {
    key,
    body,
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    gzip: zlib.gzipSync(body),
    br: zlib.brotliCompressSync(body),
  };
}

export function registerTranslationRoutes(app: FastifyInstance, { db }: AppDeps, loadCatalogue: CatalogueSource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['translations'];

  r.post(
    apiRoutes.translations,
    {
      schema: {
        summary: 'Read or regenerate translations',
        description:
          '`{ lang }` answers that language; an empty body lists the languages; `{ generate_files: true }` merges the key catalogue into every language (edited texts stay) and publishes the result to /locales.',
        tags,
        body: translationsQueryBodySchema,
        response: { 200: translationsResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.generate_files) {
        await generateTranslations(db, await loadCatalogue(0));
        recentStates.clear();
        return { message: messages.translationsGenerated, translations: await listTranslations(db) };
      }
      if (body.lang) {
        const translation = await findTranslation(db, body.lang);
        return { langFound: translation !== undefined, translation: translation ?? null };
      }
      return { translations: await listTranslations(db) };
    },
  );

  r.put(
    apiRoutes.translations,
    {
      schema: {
        summary: 'Save the texts of a language',
        description: 'Creates the language when it is new. Blank keys are dropped.',
        tags,
        body: saveTranslationBodySchema,
        response: { 200: saveTranslationResponseSchema },
      },
    },
    async (request) => ({
      message: messages.translationsSaved,
      translation: await saveTranslation(db, request.body.lang, request.body.data.entries),
    }),
  );

  /**
   * Which publication is current, asked of the database at most once a second per language:
   * every page load asks for the texts. Another instance's Generate shows here within a second.
   */
  const recentStates = new Map<string, { at: number; state: Promise<{ stamp: string } | undefined> }>();
  const recentState = (lng: string) => {
    const known = recentStates.get(lng);
    if (known && Date.now() - known.at < STATE_TTL_MS) return known.state;
    const state = publishedState(db, lng);
    recentStates.set(lng, { at: Date.now(), state });
    state.catch(() => recentStates.delete(lng));
    return state;
  };

  /** Rendered snapshots by language, valid while the published stamp and the catalogue stay the same. */
  const rendered = new Map<string, RenderedTexts>();

  r.get(
    '/locales/:lng/translations.json',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Published interface texts of a language',
        description: 'Keys to texts; answers 304 to a matching If-None-Match.',
        tags,
        security: [],
        params: z.object({ lng: z.string() }),
      },
    },
    async (request, reply) => {
      const { lng } = request.params;
      const state = LANGUAGE_CODE.test(lng) ? await recentState(lng) : undefined;
      if (!state) throw new AppError('not_found', messages.routeNotFound);
      const catalogue = await loadCatalogue();
      const key = `${state.stamp}|${catalogue.version}`;
      let entry = rendered.get(lng);
      if (entry?.key !== key) {
        // Keys the catalogue gained since the last generation show their default text meanwhile.
        const body = JSON.stringify({ ...defaultTexts(catalogue, lng), ...(await publishedTexts(db, lng)) });
        entry = renderTexts(key, body);
        rendered.set(lng, entry);
      }
      reply.header('etag', entry.etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === entry.etag) return notModified(reply);
      reply.type('application/json; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(entry.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(entry.gzip);
      return reply.send(entry.body);
    },
  );
}
