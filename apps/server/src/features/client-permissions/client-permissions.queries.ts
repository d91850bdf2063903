import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  MENU_NAMES_EL,
  type ClientPermission,
  type ClientPermissionListQuery,
  type CreateClientPermissionBody,
  type Language,
  type UserCategoriesResponse,
} from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, installedTextsHolding, listPage } from '../../db/list.js';
import { clientPermissions, roleClientPermissions, roles, userRoles } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../plugins/access.js';
import { grantable } from '../roles/grants.js';

export const toClientPermission = (row: typeof clientPermissions.$inferSelect): ClientPermission => ({
  _id: row.id,
  name: row.name,
  menu: row.menu,
  menu_order: row.menuOrder,
  path: row.path,
  description: row.description,
  auth: row.auth,
  createdAt: row.createdAt.toISOString(),
});

/** A search by name; on a Greek screen an installed entry matches by its Greek name too. */
function byName(q: string, language: Language) {
  const greekNames = language === 'el' ? installedTextsHolding(MENU_NAMES_EL, q) : [];
  const stored = ilike(clientPermissions.name, containsPattern(q));
  return greekNames.length > 0 ? or(stored, inArray(clientPermissions.name, greekNames)) : stored;
}

export async function listClientPermissions(
  db: Db,
  query: ClientPermissionListQuery,
  language: Language,
  reader: AuthUser | null,
) {
  const where = and(
    query.q ? byName(query.q, language) : undefined,
    query.grantable ? grantable.menuEntries(reader) : undefined,
  );
  return listPage(db, {
    name: 'client-permissions',
    query,
    table: 'client_permissions',
    where,
    fetch: async ({ offset, limit, reversed }) => {
      const direction = reversed ? desc : asc;
      const rows = await db
        .select()
        .from(clientPermissions)
        .where(where)
        .orderBy(
          direction(clientPermissions.menuOrder),
          direction(clientPermissions.name),
          direction(clientPermissions.id),
        )
        .limit(limit)
        .offset(offset);
      return rows.map(toClientPermission);
    },
  });
}

export async function findClientPermissionById(db: Db, id: string) {
  const [row] = await db.select().from(clientPermissions).where(eq(clientPermissions.id, id)).limit(1);
  return row ? toClientPermission(row) : undefined;
}

const MENU_TABLES = ['client_permissions', 'role_client_permissions', 'user_roles', 'roles'];

/**
 * The caller's menu, read on every screen load: kept until a menu entry, a grant or a role
 * assignment changes. Administrators share one entry, as do guests.
 */
export function readUserCategories(
  db: Db,
  user: AuthUser | null,
  query: { page: number; limit: number; q?: string },
  language: Language,
): Promise<UserCategoriesResponse> {
  const audience = user ? (user.isAdmin ? 'admin' : user.id) : 'guest';
  // Only a search depends on the reader's language: the names are put in Greek after.
  const search = query.q ? `${language} ${query.q}` : '';
  const key = `${audience} ${query.page} ${query.limit} ${search}`;
  return cached(db, 'menus', MENU_TABLES, key, async () => ({
    categories: await listUserCategories(db, user, query, language),
  }));
}

/**
 * The menu entries a caller may see: guests get the guest roles' entries, signed-in users their
 * roles' entries, administrators every entry.
 */
async function listUserCategories(
  db: Db,
  user: AuthUser | null,
  query: { page: number; limit: number; q?: string },
  language: Language,
): Promise<ClientPermission[]> {
  const grantedTo = user
    ? inArray(
        clientPermissions.id,
        db
          .select({ id: roleClientPermissions.clientPermissionId })
          .from(roleClientPermissions)
          .innerJoin(userRoles, eq(userRoles.roleId, roleClientPermissions.roleId))
          .where(eq(userRoles.userId, user.id)),
      )
    : inArray(
        clientPermissions.id,
        db
          .select({ id: roleClientPermissions.clientPermissionId })
          .from(roleClientPermissions)
          .innerJoin(roles, eq(roles.id, roleClientPermissions.roleId))
          .where(eq(roles.type, 'guest')),
      );
  const conditions = [user?.isAdmin ? undefined : grantedTo, query.q ? byName(query.q, language) : undefined].filter(
    (condition) => condition !== undefined,
  );
  const rows = await db
    .select()
    .from(clientPermissions)
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(asc(clientPermissions.menuOrder), asc(clientPermissions.name))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map(toClientPermission);
}

const toRow = ({ menu_order: menuOrder, ...rest }: CreateClientPermissionBody) => ({ ...rest, menuOrder });

export async function insertClientPermission(db: Db, body: CreateClientPermissionBody): Promise<ClientPermission> {
  const [row] = await db
    .insert(clientPermissions)
    .values({ id: newId(), ...toRow(body) })
    .returning();
  return toClientPermission(row!);
}

export async function updateClientPermission(db: Db, id: string, body: CreateClientPermissionBody) {
  const [row] = await db.update(clientPermissions).set(toRow(body)).where(eq(clientPermissions.id, id)).returning();
  return row ? toClientPermission(row) : undefined;
}

/** Answers whether there was such a row. */
export async function deleteClientPermission(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(clientPermissions)
    .where(eq(clientPermissions.id, id))
    .returning({ id: clientPermissions.id });
  return deleted.length > 0;
}
