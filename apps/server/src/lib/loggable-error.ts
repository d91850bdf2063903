import { pgErrorCode } from './pg-errors.js';

/**
 * What a failure may put in the log: Drizzle's own message quotes the query and its parameters
 * (a password hash, an email), so the driver's message stands in for it. Every place that logs a
 * failure logs this.
 */
export function loggableError(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const wrapped = error.message.startsWith('Failed query');
  return {
    type: (wrapped && cause ? cause : error).constructor.name,
    code: pgErrorCode(error),
    message: wrapped ? (cause?.message ?? 'database query failed') : error.message,
    stack: wrapped ? undefined : error.stack,
  };
}
