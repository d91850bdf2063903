import { toSitePath } from '@community/shared';

const ADMIN_BASE = '/admin';

/**
 * Where to go after signing in: a path of this site only, resolved against its origin the way the
 * browser will resolve it; relative to the admin app when it points inside it.
 */
export function safeNext(
  next: string | null,
  origin: string = window.location.origin,
): { inApp: string } | { site: string } {
  const path = next ? toSitePath(next, origin) : null;
  if (!path) return { inApp: '/' };
  if (path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`) || path.startsWith(`${ADMIN_BASE}?`)) {
    return { inApp: path.slice(ADMIN_BASE.length) || '/' };
  }
  return { site: path };
}
