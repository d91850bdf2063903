import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf, localizeMessage, type Language } from '@community/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader's language, from Accept-Language: Greek when it comes first, else English. */
    language: Language;
  }
}

/** A sentence of the API in the language of the person who asked. */
export const inLanguageOf = (request: FastifyRequest, sentence: string) => localizeMessage(sentence, request.language);

/**
 * The API speaks English (the spec's words) unless the caller reads Greek: the web app sends its
 * interface language as Accept-Language. Errors are put in that language where they are sent
 * (plugins/errors.ts); the `message` of a successful answer here.
 */
export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (request.language === 'en' || !isObject(payload) || typeof payload.message !== 'string') return payload;
    return { ...payload, message: inLanguageOf(request, payload.message) };
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
