import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { User } from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, filteredTotal, listPage, tableTotal } from '../../db/list.js';
import { users } from '../../db/schema.js';

export const userColumns = {
  id: users.id,
  createdAt: users.createdAt,
  name: users.name,
  email: users.email,
  username: users.username,
  avatarUrl: users.avatarUrl,
  confirmed: users.confirmed,
  blocked: users.blocked,
};

type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  name: row.name,
  email: row.email,
  username: row.username,
  avatarUrl: row.avatarUrl,
  confirmed: row.confirmed,
  blocked: row.blocked,
});

export const userSearch = (q: string): SQL =>
  or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q)))!;

export async function listUsers(db: Db, query: { page: number; limit: number; q?: string }) {
  const where = query.q ? userSearch(query.q) : undefined;
  const total = where
    ? await filteredTotal(db, sql`select 1 from ${users} where ${where}`)
    : await tableTotal(db, 'users');
  return listPage({
    page: query.page,
    limit: query.limit,
    total,
    isExact: !where,
    fetch: async ({ offset, limit, reversed }) => {
      const order = reversed ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
      // Ids first from the (created_at, id) index, then only the rows of this page are read.
      const pageIds = db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .as('page_ids');
      const rows = await db
        .select(userColumns)
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .orderBy(...order);
      return rows.map(toUser);
    },
  });
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toUser(row) : undefined;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function isEmailTaken(db: Db, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), sql`${users.id} <> ${exceptId}`) : eq(users.email, email))
    .limit(1);
  return Boolean(row);
}
