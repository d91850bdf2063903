import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { UserRole } from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, listPage } from '../../db/list.js';
import { nameHolds } from '../users/user-search.js';
import { roles, userRoles, users } from '../../db/schema.js';

const columns = {
  id: userRoles.id,
  createdAt: userRoles.createdAt,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  roleId: roles.id,
  roleName: roles.name,
  roleType: roles.type,
};

type Row = {
  id: string;
  createdAt: Date;
  userId: string;
  userName: string;
  userEmail: string;
  roleId: string;
  roleName: string;
  roleType: UserRole['role']['type'];
};

const toUserRole = (row: Row): UserRole => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  user: { _id: row.userId, name: row.userName, email: row.userEmail },
  role: { _id: row.roleId, name: row.roleName, type: row.roleType },
});

/** One joined query per page: the names come with the rows, not one lookup per row. */
const joined = (db: Db) =>
  db
    .select(columns)
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId));

export async function listUserRoles(db: Db, query: { page: number; limit: number; q?: string }) {
  const where = query.q
    ? or(nameHolds(query.q), ilike(users.email, containsPattern(query.q)), ilike(roles.name, containsPattern(query.q)))
    : undefined;
  return listPage(db, {
    name: 'user-roles',
    query,
    table: 'user_roles',
    where,
    from: sql`${userRoles} join ${users} on ${users.id} = ${userRoles.userId} join ${roles} on ${roles.id} = ${userRoles.roleId}`,
    fetch: async ({ offset, limit, reversed }) => {
      const direction = reversed ? asc : desc;
      const rows = await joined(db)
        .where(where)
        .orderBy(direction(userRoles.createdAt), direction(userRoles.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toUserRole);
    },
  });
}

export async function findUserRoleById(db: Db, id: string) {
  const [row] = await joined(db).where(eq(userRoles.id, id)).limit(1);
  return row ? toUserRole(row) : undefined;
}
