import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { LoginResponse, User } from '@community/shared';
import type { Db } from '../../db/client.js';
import { ANCHOR_EVERY, listPage, type PageWindow, type SortKey } from '../../db/list.js';
import { queryRows } from '../../db/query-rows.js';
import { roles, users } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { userSearch } from './user-search.js';

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

type UserPageIds = ReturnType<typeof userPageIds>;

/**
 * A page of users newest first, searched by name or email, deep pages from the anchors: `name`
 * names the list's rows, and `readRows` reads them for the page's ids, in `newestFirst` order.
 */
export function listUserPage<Row>(
  db: Db,
  name: string,
  query: { page: number; limit: number; q?: string },
  readRows: (pageIds: UserPageIds, reversed: boolean) => Promise<Row[]>,
) {
  const where = query.q ? userSearch(query.q) : undefined;
  return listPage(db, {
    name,
    query,
    table: 'users',
    where,
    anchors: { name: 'users:newest-first', load: () => userAnchors(db) },
    fetch: (window) => readRows(userPageIds(db, where, window), window.reversed),
  });
}

export const listUsers = (db: Db, query: { page: number; limit: number; q?: string }) =>
  listUserPage(db, 'users', query, async (pageIds, reversed) => {
    const rows = await db
      .select(userColumns)
      .from(users)
      .innerJoin(pageIds, eq(users.id, pageIds.id))
      .orderBy(...newestFirst(reversed));
    return rows.map(toUser);
  });

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toUser(row) : undefined;
}

/** Every role by id: a handful of rows, kept until the roles table changes. */
const rolesById = (db: Db) =>
  cached(db, 'roles:by-id', ['roles'], 'all', async () => {
    const rows = await db.select({ _id: roles.id, name: roles.name, type: roles.type }).from(roles);
    return new Map<string, RoleRef>(rows.map((role) => [role._id, role]));
  });

const signInColumns = {
  ...userColumns,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
  googleSub: users.googleSub,
  mfaEnabled: users.mfaEnabled,
  language: users.language,
  // Written out: drizzle drops table names from columns in a one-table select.
  roleIds: sql<string[]>`array(select ur.role_id::text from user_roles ur where ur.user_id = "users"."id")`,
};

/** The sign-in read, built once per database: a sign-in is the one call that is never cached. */
function prepareSignInRead(db: Db) {
  return db
    .select(signInColumns)
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare('sign_in_user');
}

type SignInRow = Awaited<ReturnType<ReturnType<typeof prepareSignInRead>['execute']>>[number];

/** The row with the names and types of the roles it holds, sorted by name. */
async function withRoles(db: Db, row: SignInRow | undefined) {
  if (!row) return undefined;
  const known = await rolesById(db);
  const { roleIds, ...user } = row;
  const held = roleIds.flatMap((id) => known.get(id) ?? []);
  return { ...user, roles: held.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}
const signInReads = new WeakMap<Db, ReturnType<typeof prepareSignInRead>>();

/**
 * Everything a sign-in needs: the user, the password hash and the roles held, in one indexed
 * read of the user's row and role ids (the role names come from memory).
 */
export async function findUserByEmail(db: Db, email: string) {
  let read = signInReads.get(db);
  if (!read) signInReads.set(db, (read = prepareSignInRead(db)));
  const [[row]] = await Promise.all([read.execute({ email }), rolesById(db)]);
  return withRoles(db, row);
}

/** The account a Google account was linked to at its first Google sign-in. */
export async function findUserByGoogleSub(db: Db, sub: string) {
  const [row] = await db.select(signInColumns).from(users).where(eq(users.googleSub, sub)).limit(1);
  return withRoles(db, row);
}

/** The sign-in read by id: for the second step and passkeys, which name the account themselves. */
export async function findSignInUserById(db: Db, id: string) {
  const [row] = await db.select(signInColumns).from(users).where(eq(users.id, id)).limit(1);
  return withRoles(db, row);
}

/** The language of a person's mail, kept from their first sign-in that names one. */
export async function keepFirstLanguage(db: Db, userId: string, language: 'el' | 'en'): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), isNull(users.language)));
}

/** Links the account to a Google account, unless it is already linked (to any). */
export async function linkGoogleAccount(db: Db, userId: string, sub: string): Promise<boolean> {
  const linked = await db
    .update(users)
    .set({ googleSub: sub })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
    .returning({ id: users.id });
  return linked.length > 0;
}

export async function isEmailTaken(db: Db, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), sql`${users.id} <> ${exceptId}`) : eq(users.email, email))
    .limit(1);
  return Boolean(row);
}
