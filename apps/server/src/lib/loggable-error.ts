import { pgErrorCode } from './pg-errors.js';

/**
 * What a failure may put in the log: Drizzle's own message quotes the query and its parameters
 * (a password hash, an email), so the driver's message stands in for it. The server's logger
 * writes every `err` this way (`errorSerializer`, app.ts): callers log the error itself.
 */
export type LoggedError = { type: string; code?: string; message: string; stack: string };

export function loggableError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const wrapped = error.message.startsWith('Failed query');
  return {
    type: (wrapped && cause ? cause : error).constructor.name,
    code: pgErrorCode(error),
    message: wrapped ? (cause?.message ?? 'database query failed') : error.message,
    stack: wrapped ? '' : (error.stack ?? ''),
  };
}

/** The log's `err` serializer: an error as `loggableError` puts it, whether or not the caller already did. */
export const errorSerializer = (value: unknown): LoggedError =>
  value instanceof Error ? loggableError(value) : (value as LoggedError);
