import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { permissions, rolePermissions } from '../db/schema.js';
import { cached } from '../db/table-changes.js';

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
  mfa_enabled: boolean;
  role_ids: string[];
  is_admin: boolean;
};

/** The user as stored now, with the roles it holds: one indexed query, kept until they change. */
export const readUserAccess = (db: Db, userId: string) =>
  cached(
    db,
    'access:users',
    USER_TABLES,
    userId,
    async () => {
      const [row] = await queryRows<UserRow>(
        db,
        sql`
      select u.id, u.name, u.email, u.username, u.avatar_url, u.confirmed, u.blocked, u.token_version, u.mfa_enabled,
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
export const readPermissionsByRoute = (db: Db) =>
  cached(db, 'access:permissions', ['permissions'], 'all', async () => {
    const rows = await db
      .select({ id: permissions.id, method: permissions.method, route: permissions.route, auth: permissions.auth })
      .from(permissions);
    return new Map(rows.map((row) => [`${row.method} ${row.route}`, row]));
  });

/** Which roles hold which permission, as "role permission" pairs. */
export const readGrants = (db: Db) =>
  cached(db, 'access:grants', ['role_permissions'], 'all', async () => {
    const rows = await db
      .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
      .from(rolePermissions);
    return new Set(rows.map((row) => `${row.roleId} ${row.permissionId}`));
  });
