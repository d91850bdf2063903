import type { FastifyRequest } from 'fastify';
import { messages, type BulkResult } from '@community/shared';
import { inLanguageOf } from '../plugins/language.js';
import { AppError } from './app-error.js';

/**
 * One action on many records, one at a time, each the single-record change with its own
 * transaction, guard rails and audit entry: what one refuses is reported with the reason and the
 * others go ahead. A fault is reported for its id too, and logged, so the answer always says what
 * happened to every id, in the reader's language. An id named twice is acted on once.
 */
export async function eachOf(
  request: FastifyRequest,
  ids: readonly string[],
  act: (id: string) => Promise<unknown>,
): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] };
  for (const id of new Set(ids)) {
    try {
      await act(id);
      result.done.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) request.log.error({ err: error, id }, 'bulk action failed');
      const sentence = error instanceof AppError ? error.message : messages.unexpected;
      result.failed.push({ _id: id, error: inLanguageOf(request, sentence) });
    }
  }
  return result;
}
