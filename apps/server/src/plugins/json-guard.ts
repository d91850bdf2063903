import type { FastifyInstance } from 'fastify';
import { messages } from '@community/shared';
import { AppError } from '../lib/app-error.js';

/** Deeper than any body this API takes; stops recursion bombs before validation walks them. */
const MAX_DEPTH = 32;

/** Half of a character (a lone surrogate): no text, and stored it would become U+FFFD unasked. */
const BROKEN_CHARACTER = /\p{Cs}/u;

function inspectText(text: string): void {
  if (text.includes('\u0000')) throw new AppError('bad_request', messages.nulCharacter);
  if (BROKEN_CHARACTER.test(text)) throw new AppError('bad_request', messages.brokenCharacter);
}

function inspect(value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw new AppError('bad_request', messages.bodyTooDeep);
  if (typeof value === 'string') {
    inspectText(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) inspect(item, depth + 1);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      inspectText(key);
      inspect(item, depth + 1);
    }
  }
}

/** JSON bodies: prototype keys refused by Fastify's parser, depth and invalid text checked here. */
export function registerJsonGuard(app: FastifyInstance) {
  // The API speaks JSON (and multipart for uploads); a text body is a mistake, answered 415.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null) inspect(request.body, 0);
    if (request.query && typeof request.query === 'object') inspect(request.query, 0);
  });
}
