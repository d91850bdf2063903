import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { LoginResponse, User } from '@community/shared';
import type { Db } from '../../db/client.js';
import { ANCHOR_EVERY, containsPattern, listPage, type PageWindow, type SortKey } from '../../db/list.js';
import { queryRows } from '../../db/query-rows.js';
import { users } from '../../db/schema.js';

type RoleRef = LoginResponse['roles'][number];

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

/** Newest first; a reversed window reads the same order from the other end. */
export const newestFirst = (reversed: boolean) =>
  reversed ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)];

/** The ids of one page, from the (created_at, id) index alone; only those rows are then read. */
export const userPageIds = (db: Db, where: SQL | undefined, { offset, limit, reversed, from }: PageWindow) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        where,
        from ? sql`(${users.createdAt}, ${users.id}) <= (${from[0]}::timestamptz, ${from[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(...newestFirst(reversed))
    .limit(limit)
    .offset(offset)
    .as('page_ids');

/** Every ANCHOR_EVERY-th key of the newest-first user list, read from the index in one pass. */
export async function userAnchors(db: Db): Promise<SortKey[]> {
  const rows = await queryRows<{ created_at: string; id: string }>(
    db,
    sql`select created_at::text, id::text from (
          select created_at, id, row_number() over (order by created_at desc, id desc) - 1 as position
          from users) as numbered
        where position % ${ANCHOR_EVERY} = 0 order by position`,
  );
  return rows.map((row) => [row.created_at, row.id]);
}

export async function listUsers(db: Db, query: { page: number; limit: number; q?: string }) {
  const where = query.q ? userSearch(query.q) : undefined;
  return listPage(db, {
    name: 'users',
    query,
    table: 'users',
    where,
    anchors: { name: 'users:newest-first', load: () => userAnchors(db) },
    fetch: async (window) => {
      const pageIds = userPageIds(db, where, window);
      const rows = await db
        .select(userColumns)
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .orderBy(...newestFirst(window.reversed));
      return rows.map(toUser);
    },
  });
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toUser(row) : undefined;
}

/** Everything a sign-in needs in one read: the user, the password hash and the roles held. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      ...userColumns,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      roles: sql<RoleRef[]>`coalesce((
        select json_agg(json_build_object('_id', r.id, 'name', r.name, 'type', r.type) order by r.name)
        from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '[]'::json)`,
    })
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
