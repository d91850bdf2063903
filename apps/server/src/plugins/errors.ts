import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@community/shared';
import { AppError } from '../lib/app-error.js';
import { pgErrorCode } from '../lib/pg-errors.js';
import { inLanguageOf } from './language.js';

type ValidationIssue = { instancePath?: string; message?: string };

/** Our schema messages name their field; zod's generic ones get the field put in front. */
function validationMessage(issues: ValidationIssue[], context: string | undefined): string {
  const issue = issues[0];
  const message = issue?.message ?? 'Invalid input';
  const field = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (!message.startsWith('Invalid')) return message;
  if (!field) return context === 'body' ? messages.bodyNotObject : message;
  return `${field}: ${message}`;
}

const PG_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
const PG_BAD_TEXT = new Set(['22021', '22P05', '54000']);

function isDatabaseUnavailable(error: Error): boolean {
  const code = pgErrorCode(error);
  const cause = (error as { cause?: Error }).cause;
  return (
    (code !== undefined && PG_UNAVAILABLE.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|connection error/i.test(
      `${error.message} ${cause?.message ?? ''}`,
    )
  );
}

type Failure = { status: number; message: string; headers?: Record<string, string> };

/** What a failure answers; anything unexpected is logged, with details that stay out of the answer. */
function describe(error: FastifyError & { code?: string }, request: FastifyRequest): Failure {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message, headers: error.headers };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: validationMessage(error.validation, error.validationContext) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: messages.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: messages.unsupportedMediaType };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: messages.malformedJson };
  }
  // JSON.parse (SyntaxError) and secure-json-parse (prototype / constructor keys) name bad bodies so.
  if (error.statusCode === 400 && (error instanceof SyntaxError || /JSON|prototype|constructor/i.test(error.message))) {
    return { status: 400, message: messages.malformedJson };
  }
  const sqlState = pgErrorCode(error);
  if (sqlState && PG_BAD_TEXT.has(sqlState)) return { status: 400, message: messages.nulCharacter };
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return { status: 503, message: messages.serviceUnavailable, headers: { 'retry-after': '5' } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: error.message };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, message: messages.internal };
}

/**
 * One place turns every failure into `{ error }` with a fitting status, in the reader's language;
 * details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    const failure = describe(error, request);
    return reply
      .code(failure.status)
      .headers(failure.headers ?? {})
      .send({ error: inLanguageOf(request, failure.message) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: inLanguageOf(request, messages.routeNotFound) });
  });
}
