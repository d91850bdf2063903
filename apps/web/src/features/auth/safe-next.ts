const ADMIN_BASE = '/admin';

/**
 * Where to go after signing in: only a path of this site ("/x", never "//host" or "/\host"),
 * relative to the admin app when it points inside it.
 */
export function safeNext(next: string | null): { inApp: string } | { site: string } {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return { inApp: '/' };
  if (next === ADMIN_BASE || next.startsWith(`${ADMIN_BASE}/`) || next.startsWith(`${ADMIN_BASE}?`)) {
    return { inApp: next.slice(ADMIN_BASE.length) || '/' };
  }
  return { site: next };
}
