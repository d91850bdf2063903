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
import { versionAsked } from '../../lib/if-match.js';
import { AppError } from '../../lib/app-error.js';
import { assertMayAlsoCall } from '../../plugins/access.js';
import { sendPrecompressed } from '../../lib/precompressed.js';
import { readPublishedTexts } from './published-texts.js';
import { contextOf } from '../../lib/request-context.js';
import { findTranslationToEdit, listTranslations } from './translations.queries.js';
import { generateTexts, saveTexts } from './translations.service.js';

const LANGUAGE_CODE = /^[a-z]{2,3}$/;

export function registerTranslationRoutes(app: FastifyInstance, { db, loadCatalogue, access }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['translations'];

  r.post(
    apiRoutes.translations,
    {
      schema: {
        summary: 'Read or regenerate translations',
        description:
          '`{ lang }` answers that language; an empty body lists the languages; `{ generate_files: true }` merges the key catalogue into every language (edited texts stay) and publishes the result to /locales, for those who may also save texts (PUT).',
        tags,
        body: translationsQueryBodySchema,
        response: { 200: translationsResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.generate_files) {
        // Generating publishes every language's saved texts: a change, for those who may save them.
        await assertMayAlsoCall(access, request, ['PUT', apiRoutes.translations]);
        await generateTexts(db, contextOf(request), await loadCatalogue(0));
        return { message: messages.translationsGenerated, translations: await listTranslations(db) };
      }
      if (body.lang) {
        const found = await findTranslationToEdit(db, body.lang, await loadCatalogue());
        return found ? { langFound: true, ...found } : { langFound: false, translation: null };
      }
      return { translations: await listTranslations(db) };
    },
  );

  r.put(
    apiRoutes.translations,
    {
      config: { errors: [412] },
      schema: {
        summary: 'Save the texts of a language',
        description:
          'Creates the language when it is new. Blank keys are dropped. With `If-Match: "<updatedAt>"`, refused (412) when the texts were changed since that version.',
        tags,
        body: saveTranslationBodySchema,
        response: { 200: saveTranslationResponseSchema },
      },
    },
    async (request) => ({
      message: messages.translationsSaved,
      translation: await saveTexts(
        db,
        contextOf(request),
        request.body.lang,
        request.body.data.entries,
        versionAsked(request),
      ),
    }),
  );

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
      const entry = LANGUAGE_CODE.test(lng) ? await readPublishedTexts(db, loadCatalogue, lng) : undefined;
      if (!entry) throw new AppError('not_found', messages.routeNotFound);
      reply.header('cache-control', 'public, no-cache').type('application/json; charset=utf-8');
      return sendPrecompressed(request, reply, entry);
    },
  );
}
