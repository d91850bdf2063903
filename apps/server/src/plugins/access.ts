import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages, type ApiCall } from '@community/shared';
import { AppError } from '../lib/app-error.js';
import type { TokenClaims, TokenService } from '../lib/tokens.js';
import type { Db } from '../db/client.js';
import { isSessionLive, touchSession } from '../features/sessions/sessions.queries.js';
import { readGrants, readPermissionsByRoute, readUserAccess } from './access.queries.js';

/**
 * - permission: governed by the permissions table (the default for every API route);
 * - signed-in: self-service, any valid sign-in;
 * - optional: answers guests too, and knows the caller when a token is sent;
 * - public: no token needed (sign-in, health, documents).
 */
export type Access = 'permission' | 'signed-in' | 'optional' | 'public';

export type AuthUser = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  /** A second factor is enrolled. */
  mfaEnabled: boolean;
  tokenVersion: number;
  /** The sign-in this request's token belongs to. */
  sessionId: string;
};

export type RegisteredRoute = { method: string; route: string; name: string; description: string | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** On top of its permission row: only holders of an admin role call it (the security model's own rows). */
    adminOnly?: true;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const GOVERNED_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
/** Ids in a token are checked for shape before any query sees them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** API routes are governed by permissions unless they say otherwise; pages and assets are public. */
export const accessOf = (url: string, declared: Access | undefined): Access =>
  declared ?? (url.startsWith('/api/') ? 'permission' : 'public');

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export type AccessControl = {
  /** Every route governed by a permission row, as (method, pattern), in registration order. */
  routes: RegisteredRoute[];
  /** Whether this signed-in person may call a permission-governed route: what a screen may show them. */
  mayCall(user: AuthUser, method: string, route: string): Promise<boolean>;
  /** Every permission-governed route this person may call, as "METHOD pattern". */
  callableBy(user: AuthUser): Promise<string[]>;
};

export function registerAccessControl(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; mfaRequiredForAdmins: boolean },
): AccessControl {
  const { db, tokens, mfaRequiredForAdmins } = deps;
  const routes: RegisteredRoute[] = [];
  const adminOnlyRoutes = new Set<string>();

  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (accessOf(route.url, route.config?.access) !== 'permission') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!GOVERNED_METHODS.has(method)) continue;
      if (route.config?.adminOnly) adminOnlyRoutes.add(`${method} ${route.url}`);
      routes.push({
        method,
        route: route.url,
        name: route.schema?.summary ?? `${method} ${route.url}`,
        description: route.schema?.description ?? null,
      });
    }
  });

  async function holdsPermission(roleIds: string[], permissionId: string): Promise<boolean> {
    if (roleIds.length === 0) return false;
    const held = await readGrants(db);
    return roleIds.some((roleId) => held.has(`${roleId} ${permissionId}`));
  }

  async function currentState({ userId, version, sessionId }: TokenClaims) {
    const [row, isLive] = await Promise.all([readUserAccess(db, userId), isSessionLive(db, sessionId, userId)]);
    if (!row || !isLive || row.token_version !== version || row.blocked || !row.confirmed) return null;
    return {
      roleIds: row.role_ids,
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        username: row.username,
        avatarUrl: row.avatar_url,
        isAdmin: row.is_admin,
        mfaEnabled: row.mfa_enabled,
        tokenVersion: row.token_version,
        sessionId,
      } satisfies AuthUser,
    };
  }

  /** The caller's current state is checked on every request: the token alone is never trusted. */
  async function identify(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', messages.unauthorized);
    const claims = await tokens.verify(token);
    if (!claims || !UUID.test(claims.userId) || !UUID.test(claims.sessionId)) {
      throw new AppError('unauthorized', messages.sessionEnded);
    }
    const found = await currentState(claims);
    if (!found) throw new AppError('unauthorized', messages.sessionEnded);
    request.user = found.user;
    // "Last active" on the sessions list; written at most once a minute, never waited for.
    touchSession(db, claims.sessionId)?.catch((error: Error) =>
      request.log.warn({ err: error }, 'could not note when a session was last seen'),
    );
    return found;
  }

  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (!route.url) return; // unknown path: the not-found handler answers
    const access = accessOf(route.url, route.config?.access);
    if (access === 'public') return;
    if (access === 'optional') {
      if (bearerToken(request)) await identify(request);
      return;
    }
    if (access === 'signed-in') {
      await identify(request);
      return;
    }
    // HEAD reads what GET reads, so it needs what GET needs.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const permission = (await readPermissionsByRoute(db)).get(`${method} ${route.url}`);
    // The security model's own rows stay the administrators' even if one of them is opened to all.
    if (permission && !permission.auth && !route.config.adminOnly) {
      if (bearerToken(request)) await identify(request).catch(() => undefined);
      return;
    }
    const { user, roleIds } = await identify(request);
    // Admin roles hold every permission, including routes not synced yet; where the policy asks,
    // only once a second factor is enrolled (enrolment itself is self-service, not governed).
    if (user.isAdmin) {
      if (mfaRequiredForAdmins && !user.mfaEnabled) throw new AppError('forbidden', messages.mfaEnrolmentRequired);
      return;
    }
    if (route.config.adminOnly) throw new AppError('forbidden', messages.adminOnly);
    if (!permission || !(await holdsPermission(roleIds, permission.id))) {
      throw new AppError('forbidden', messages.forbidden);
    }
  });

  /**
   * The hook's rules as a test of "METHOD pattern" for one person, with the rows read once: what a
   * screen may offer them. Keep it in step with the hook above.
   */
  async function rulesFor(user: AuthUser): Promise<(key: string) => boolean> {
    const adminMayAct = user.isAdmin && !(mfaRequiredForAdmins && !user.mfaEnabled);
    // The common case, on the users list's path: nothing to read.
    if (adminMayAct) return () => true;
    const [byRoute, held, row] = await Promise.all([
      readPermissionsByRoute(db),
      readGrants(db),
      user.isAdmin ? null : readUserAccess(db, user.id),
    ]);
    const roleIds = row?.role_ids ?? [];
    return (key) => {
      const permission = byRoute.get(key);
      if (adminOnlyRoutes.has(key)) return adminMayAct;
      if (permission && !permission.auth) return true;
      if (user.isAdmin) return adminMayAct;
      return permission !== undefined && roleIds.some((roleId) => held.has(`${roleId} ${permission.id}`));
    };
  }

  async function mayCall(user: AuthUser, method: string, route: string): Promise<boolean> {
    return (await rulesFor(user))(`${method} ${route}`);
  }

  async function callableBy(user: AuthUser): Promise<string[]> {
    const may = await rulesFor(user);
    return routes.map(({ method, route }) => `${method} ${route}`).filter(may);
  }

  return { routes, mayCall, callableBy };
}

/** For handlers behind a guard: the hook has already refused anonymous callers. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized', messages.unauthorized);
  return request.user;
}

/**
 * A call that makes another call's change (a bulk action each row's, Generate a save's) is refused
 * whole, before anything changes, to a caller who may not make that other call, as it would be.
 */
export async function assertMayAlsoCall(access: AccessControl, request: FastifyRequest, [method, route]: ApiCall) {
  if (!(await access.mayCall(currentUser(request), method, route))) throw new AppError('forbidden', messages.forbidden);
}
