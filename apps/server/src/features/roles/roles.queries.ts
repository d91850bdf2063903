import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Role, RoleListQuery } from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, listPage, sortFold } from '../../db/list.js';
import { clientPermissions, permissions, roleClientPermissions, rolePermissions, roles } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/access.js';
import { grantable } from './grants.js';

type RoleRow = typeof roles.$inferSelect;

/** Two queries for any number of roles: the references of a whole page are read at once. */
async function withReferences(db: Db, rows: RoleRow[]): Promise<Role[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [grants, menus] = await Promise.all([
    db
      .select({
        roleId: rolePermissions.roleId,
        id: permissions.id,
        name: permissions.name,
        method: permissions.method,
        route: permissions.route,
      })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(asc(permissions.route), asc(permissions.method)),
    db
      .select({
        roleId: roleClientPermissions.roleId,
        id: clientPermissions.id,
        name: clientPermissions.name,
        path: clientPermissions.path,
      })
      .from(roleClientPermissions)
      .innerJoin(clientPermissions, eq(clientPermissions.id, roleClientPermissions.clientPermissionId))
      .where(inArray(roleClientPermissions.roleId, ids))
      .orderBy(asc(clientPermissions.menuOrder), asc(clientPermissions.name)),
  ]);
  return rows.map((row) => {
    const own = grants.filter((grant) => grant.roleId === row.id);
    const ownMenus = menus.filter((menu) => menu.roleId === row.id);
    return {
      _id: row.id,
      name: row.name,
      type: row.type,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      permission: own.map((grant) => grant.id),
      clientPermission: ownMenus.map((menu) => menu.id),
      permissions: own.map(({ id, name, method, route }) => ({ _id: id, name, method, route })),
      clientPermissions: ownMenus.map(({ id, name, path }) => ({ _id: id, name, path })),
    };
  });
}

const ROLE_SORT_KEYS = { name: sortFold(roles.name), createdAt: sql`${roles.createdAt}` };

export async function listRoles(db: Db, query: RoleListQuery, reader: AuthUser | null) {
  const where = and(
    query.q ? ilike(roles.name, containsPattern(query.q)) : undefined,
    query.grantable ? grantable.roles(reader) : undefined,
  );
  const { field, isDescending } = query.sort;
  return listPage(db, {
    name: `roles ${isDescending ? '-' : ''}${field}`,
    query,
    table: 'roles',
    where,
    fetch: async ({ offset, limit, reversed }) => {
      const direction = isDescending !== reversed ? desc : asc;
      const order = [direction(ROLE_SORT_KEYS[field]), direction(roles.id)];
      const rows = await db
        .select()
        .from(roles)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return withReferences(db, rows);
    },
  });
}

export async function findRoleById(db: Db, id: string): Promise<Role | undefined> {
  const rows = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  const [role] = await withReferences(db, rows);
  return role;
}
