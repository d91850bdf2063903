import type { FastifyRequest } from 'fastify';
import { messages } from '@community/shared';
import { AppError } from './app-error.js';

/**
 * The version a change was made against, from `If-Match: "<updatedAt>"` as the forms send it
 * (the record's `updatedAt`); none when the caller does not say, and the change is made as asked.
 */
export function versionAsked(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  return header
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}

/**
 * Refuses a change made against a version older than the stored one: someone else saved meanwhile,
 * and saving the form as it was read would undo their change without a word (a block lifted, a grant
 * taken back). Called inside the transaction that holds the record.
 */
export function assertUnchangedSince(stored: string, asked: string | undefined): void {
  if (asked !== undefined && stored !== asked) {
    throw new AppError('precondition_failed', messages.changedMeanwhile);
  }
}
