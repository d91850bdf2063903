import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  PERMISSION_NAMES_EL,
  type CreatePermissionBody,
  type Language,
  type Permission,
  type PermissionListQuery,
} from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, greekOrder, installedTextsHolding, listPage } from '../../db/list.js';
import { permissions } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser, RegisteredRoute } from '../../plugins/access.js';
import { grantable } from '../roles/grants.js';

export const toPermission = (row: typeof permissions.$inferSelect): Permission => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  method: row.method,
  route: row.route,
  auth: row.auth,
  createdAt: row.createdAt.toISOString(),
});

/** Each order ends in the id, so equal keys keep one order across pages. */
const permissionOrders = (language: Language) => ({
  // A Greek screen shows the installed names in Greek, and sorts them so.
  name: [language === 'el' ? greekOrder(permissions.name, PERMISSION_NAMES_EL) : sql`lower(${permissions.name})`],
  route: [sql`${permissions.route}`, sql`${permissions.method}`],
  method: [sql`${permissions.method}`, sql`${permissions.route}`],
});

/** A search matches the name and the route; on a Greek screen, an installed name by its Greek too. */
function permissionSearch(q: string, language: Language) {
  const greekNames = language === 'el' ? installedTextsHolding(PERMISSION_NAMES_EL, q) : [];
  return or(
    ilike(permissions.name, containsPattern(q)),
    ilike(permissions.route, containsPattern(q)),
    ...(greekNames.length > 0 ? [inArray(permissions.name, greekNames)] : []),
  );
}

export async function listPermissions(db: Db, query: PermissionListQuery, language: Language, reader: AuthUser | null) {
  const { field, isDescending } = query.sort;
  const where = and(
    query.q ? permissionSearch(query.q, language) : undefined,
    query.grantable ? grantable.permissions(reader) : undefined,
  );
  return listPage(db, {
    name: `permissions ${language} ${isDescending ? '-' : ''}${field}`,
    query,
    table: 'permissions',
    where,
    fetch: async ({ offset, limit, reversed }) => {
      const direction = isDescending !== reversed ? desc : asc;
      const rows = await db
        .select()
        .from(permissions)
        .where(where)
        .orderBy(...[...permissionOrders(language)[field], sql`${permissions.id}`].map(direction))
        .limit(limit)
        .offset(offset);
      return rows.map(toPermission);
    },
  });
}

export async function findPermissionById(db: Db, id: string) {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  return row ? toPermission(row) : undefined;
}

export async function insertPermission(db: Db, body: CreatePermissionBody): Promise<Permission> {
  const [row] = await db
    .insert(permissions)
    .values({ id: newId(), ...body })
    .returning();
  return toPermission(row!);
}

export async function updatePermissionRow(db: Db, id: string, body: CreatePermissionBody) {
  const [row] = await db.update(permissions).set(body).where(eq(permissions.id, id)).returning();
  return row ? toPermission(row) : undefined;
}

/** Answers whether there was such a row. */
export async function deletePermissionRow(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(permissions).where(eq(permissions.id, id)).returning({ id: permissions.id });
  return deleted.length > 0;
}

/** Adds a row for every registered route that has none; existing rows, edited or not, are kept. */
export async function syncPermissions(db: Db, routes: RegisteredRoute[]): Promise<number> {
  if (routes.length === 0) return 0;
  const inserted = await db
    .insert(permissions)
    .values(
      routes.map((route) => ({
        id: newId(),
        name: route.name,
        description: route.description,
        method: route.method as Permission['method'],
        route: route.route,
        auth: true,
      })),
    )
    .onConflictDoNothing({ target: [permissions.method, permissions.route] })
    .returning({ id: permissions.id });
  return inserted.length;
}
