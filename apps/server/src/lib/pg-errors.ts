/** Drizzle wraps driver errors; the PostgreSQL SQLSTATE sits on the error or on its cause. */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown })?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
