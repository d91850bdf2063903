import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { messages } from '@community/shared';
import { AppError } from '../lib/app-error.js';
import type { TokenClaims, TokenService } from '../lib/tokens.js';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { cached } from '../db/table-changes.js';
import { permissions, rolePermissions } from '../db/schema.js';
import { isSessionLive } from '../features/sessions/sessions.queries.js';

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
  tokenVersion: number;
  /** The sign-in this request's token belongs to. */
  sessionId: string;
};

export type RegisteredRoute = { method: string; route: string; name: string; description: string | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** A user's access depends on these; a change to any of them is heard at once by every instance. */
const USER_TABLES = ['users', 'user_roles', 'roles'];
const USER_CACHE = { max: 10_000, ttlMs: 60_000 };

type UserRow = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  avatar_url: string | null;
  confirmed: boolean;
  blocked: boolean;
  token_version: number;
  role_ids: string[];
  is_admin: boolean;
};

const GOVERNED_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
/** Ids in a token are checked for shape before any query sees them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** API routes are governed by permissions unless they say otherwise; pages and assets are public. */
const accessOf = (url: string, declared: Access | undefined): Access =>
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
};

export function registerAccessControl(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): AccessControl {
  const { db, tokens } = deps;
  const routes: RegisteredRoute[] = [];

  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (accessOf(route.url, route.config?.access) !== 'permission') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!GOVERNED_METHODS.has(method)) continue;
      routes.push({
        method,
        route: route.url,
        name: route.schema?.summary ?? `${method} ${route.url}`,
        description: route.schema?.description ?? null,
      });
    }
  });

  /** The user as stored now, with the roles it holds: one indexed query, kept until they change. */
  const loadUser = (userId: string) =>
    cached(
      db,
      'access:users',
      USER_TABLES,
      userId,
      async () => {
        const [row] = await queryRows<UserRow>(
          db,
          sql`
        select u.id, u.name, u.email, u.username, u.avatar_url, u.confirmed, u.blocked, u.token_version,
          array(select ur.role_id::text from user_roles ur where ur.user_id = u.id) as role_ids,
          exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                  where ur.user_id = u.id and r.type = 'admin') as is_admin
        from users u where u.id = ${userId}`,
        );
        return row ?? null;
      },
      USER_CACHE,
    );

  /** Every permission row by "METHOD route": a few hundred rows at most. */
  const permissionsByRoute = () =>
    cached(db, 'access:permissions', ['permissions'], 'all', async () => {
      const rows = await db
        .select({ id: permissions.id, method: permissions.method, route: permissions.route, auth: permissions.auth })
        .from(permissions);
      return new Map(rows.map((row) => [`${row.method} ${row.route}`, row]));
    });

  /** Which roles hold which permission, as "role permission" pairs. */
  const grants = () =>
    cached(db, 'access:grants', ['role_permissions'], 'all', async () => {
      const rows = await db
        .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
        .from(rolePermissions);
      return new Set(rows.map((row) => `${row.roleId} ${row.permissionId}`));
    });

  async function holdsPermission(roleIds: string[], permissionId: string): Promise<boolean> {
    if (roleIds.length === 0) return false;
    const held = await grants();
    return roleIds.some((roleId) => held.has(`${roleId} ${permissionId}`));
  }

  async function currentState({ userId, version, sessionId }: TokenClaims) {
    const [row, isLive] = await Promise.all([loadUser(userId), isSessionLive(db, sessionId, userId)]);
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
    const permission = (await permissionsByRoute()).get(`${method} ${route.url}`);
    if (permission && !permission.auth) {
      if (bearerToken(request)) await identify(request).catch(() => undefined);
      return;
    }
    const { user, roleIds } = await identify(request);
    // Admin roles hold every permission, including routes not synced yet.
    if (user.isAdmin) return;
    if (!permission || !(await holdsPermission(roleIds, permission.id))) {
      throw new AppError('forbidden', messages.forbidden);
    }
  });

  return { routes };
}

/** For handlers behind a guard: the hook has already refused anonymous callers. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized', messages.unauthorized);
  return request.user;
}
