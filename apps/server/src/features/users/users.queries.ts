import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  NO_ROLE,
  type LoginResponse,
  type User,
  type UserFilters,
  type UserListQuery,
  type UserSortField,
} from '@community/shared';
import type { Db } from '../../db/client.js';
import {
  ANCHOR_EVERY,
  EXACT_COUNT_LIMIT,
  listPage,
  sortFold,
  tableTotal,
  type PageWindow,
  type SortKey,
} from '../../db/list.js';
import { queryRows } from '../../db/query-rows.js';
import { roles, userRoles, users } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import {
  estimatedUserMatches,
  hasRareWord,
  rareWords,
  userSearch,
  wordShares,
  type WordShares,
} from './user-search.js';

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
  mfaEnabled: users.mfaEnabled,
  updatedAt: users.updatedAt,
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
  mfaEnabled: row.mfaEnabled,
  updatedAt: row.updatedAt.toISOString(),
});

/** The key each order of the list sorts by, before the id that breaks ties; each has an index. */
const SORT_KEYS: Record<UserSortField, { expression: SQL; type: SQL }> = {
  createdAt: { expression: sql`${users.createdAt}`, type: sql.raw('timestamptz') },
  name: { expression: sortFold(users.name), type: sql.raw('text') },
  email: { expression: sql`${users.email}`, type: sql.raw('text') },
};

export type UserSort = { field: UserSortField; isDescending: boolean };
export const NEWEST_FIRST: UserSort = { field: 'createdAt', isDescending: true };

/** The list's order; a reversed window reads the same order from the other end. */
export function userOrder(sort: UserSort, reversed = false): SQL[] {
  const direction = sort.isDescending !== reversed ? sql`desc` : sql`asc`;
  return [sql`${SORT_KEYS[sort.field].expression} ${direction}`, sql`${users.id} ${direction}`];
}

/** The rows from `key` on in the list's order: with it (`from`) or after it. */
function beyond(sort: UserSort, key: SortKey, including: boolean): SQL {
  const { expression, type } = SORT_KEYS[sort.field];
  const comparison = sql.raw(sort.isDescending ? (including ? '<=' : '<') : including ? '>=' : '>');
  return sql`(${expression}, ${users.id}) ${comparison} (${key[0]}::${type}, ${key[1]}::uuid)`;
}

/**
 * The filters of DESIGN section 11 as one condition, each served by an index; with the frequent
 * word tails, a search looks up only its rare words in the word index.
 */
export function userWhere(
  filters: Omit<UserFilters, 'sort'>,
  frequent?: WordShares,
  search: { indexDecides?: boolean } = {},
): SQL | undefined {
  const { q } = filters;
  const conditions = [
    q ? userSearch(q, frequent ? rareWords(frequent, q) : q, search) : undefined,
    filters.confirmed === undefined ? undefined : eq(users.confirmed, filters.confirmed),
    filters.blocked === undefined ? undefined : eq(users.blocked, filters.blocked),
    filters.role === NO_ROLE
      ? sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`
      : filters.role
        ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${filters.role})`
        : undefined,
    filters.joinedFrom ? gte(users.createdAt, filters.joinedFrom) : undefined,
    filters.joinedTo ? lt(users.createdAt, filters.joinedTo) : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Pages other than a filtered first page carry no count. */
const noCount = sql<number | null>`null::int`.as('matches');

/** The ids of one page, from the order's index alone; only those rows are then read. */
export const userPageIds = (
  db: Db,
  where: SQL | undefined,
  sort: UserSort,
  { offset, limit, reversed, from }: PageWindow,
) =>
  db
    .select({ id: users.id, matches: noCount })
    .from(users)
    .where(and(where, from ? beyond(sort, from, true) : undefined))
    .orderBy(...userOrder(sort, reversed))
    .limit(limit)
    .offset(offset)
    .as('page_ids');

/** Every ANCHOR_EVERY-th key of the whole list in one order, read from the index in one pass. */
export async function userAnchors(db: Db, sort: UserSort): Promise<SortKey[]> {
  const rows = await queryRows<{ key: string; id: string }>(
    db,
    sql`select key, id::text from (
          select ${SORT_KEYS[sort.field].expression}::text as key, id,
            row_number() over (order by ${sql.join(userOrder(sort), sql`, `)}) - 1 as position
          from users) as numbered
        where position % ${ANCHOR_EVERY} = 0 order by position`,
  );
  return rows.map((row) => [row.key, row.id]);
}

export type UserPageIds = ReturnType<typeof userPageIds>;

/** How many users, in the list's order, the first page of a term with many matches reads at most. */
export const FIRST_PAGE_WALK = 5000;

/**
 * How many matches of a term with a rare word are read at most, and sorted, for its first page;
 * one statement then gives the page and the exact total.
 */
export const SORTED_READ_LIMIT = 2500;

/**
 * A page of a filtered list as page ids, each with the matches counted up to `readAtMost`
 * (`matches`): up to that many matches are read once, in any order (through the word index for a
 * search), sorted, and the page taken at `offset`. When they are all there is, that is the page
 * in the list's order; when there are more, it is not, and the first page is walked for
 * (`userWalkedPageIds`), a later one left to the planner.
 */
export const userSortedPageIds = (
  db: Db,
  where: SQL,
  sort: UserSort,
  limit: number,
  readAtMost: number | 'all' = EXACT_COUNT_LIMIT + 1,
  offset = 0,
) => {
  const direction = sql.raw(sort.isDescending ? 'desc' : 'asc');
  // Named apart from every users column: a join with users refers to them unqualified.
  return db
    .select({ id: sql<string>`counted.id`.as('page_id'), matches: sql<number | null>`counted.n`.as('matches') })
    .from(
      sql`(select id, key, count(*) over ()::int as n from (
            select ${users.id} as id, ${SORT_KEYS[sort.field].expression} as key from ${users}
            where ${where} ${readAtMost === 'all' ? sql`` : sql`limit ${readAtMost}`}) as matched) as counted`,
    )
    .orderBy(sql`counted.key ${direction}`, sql`counted.id ${direction}`)
    .limit(limit)
    .offset(offset)
    .as('page_ids') as unknown as UserPageIds;
};

/**
 * The `limit` users that match after the first `offset` among the first `walk` of the list's
 * order, as page ids: a page of a filter with many matches, found without reading them all. Fewer
 * than `limit` when the matches are sparser than that there (docs/decisions/018-user-search.md).
 */
export const userWalkedPageIds = (
  db: Db,
  where: SQL,
  sort: UserSort,
  limit: number,
  { walk = FIRST_PAGE_WALK, offset = 0 }: { walk?: number; offset?: number } = {},
) =>
  db
    .select({ id: sql<string>`${users.id}`.as('page_id'), matches: noCount })
    .from(sql`(select * from ${users} order by ${sql.join(userOrder(sort), sql`, `)} limit ${walk}) as ${users}`)
    .where(where)
    .orderBy(...userOrder(sort))
    .limit(limit)
    .offset(offset)
    .as('page_ids') as unknown as UserPageIds;

/** The frequent word tails of the users and the share of users with each, as ANALYZE last sampled them. */
export const userWordShares = (db: Db) =>
  cached(db, 'users:word-shares', ['users'], 'all', async () => {
    const [row] = await queryRows<{ tails: string[] | null; shares: number[] | null }>(
      db,
      sql`select most_common_elems::text::text[] as tails, most_common_elem_freqs as shares from pg_stats
          where schemaname = current_schema() and tablename = 'users' and attname = 'search_words'`,
    );
    return wordShares(row?.tails ?? [], row?.shares ?? []);
  });

/**
 * How many users a search alone matches, when its words are all frequent; null otherwise, and
 * with any other filter, whose share the word statistics do not know.
 */
export async function estimatedSearchMatches(db: Db, filters: Partial<Omit<UserFilters, 'sort'>>) {
  const { q, confirmed, blocked, role, joinedFrom, joinedTo } = filters;
  const others = [confirmed, blocked, role, joinedFrom, joinedTo];
  if (!q || others.some((value) => value !== undefined)) return null;
  const [frequent, total] = await Promise.all([userWordShares(db), tableTotal(db, 'users')]);
  return estimatedUserMatches(frequent, q, total);
}

/**
 * How many users one filter alone matches, when an index of its own serves it: a role (its
 * members), a join-date range, blocked, awaiting confirmation. Counted exactly and kept until the
 * table changes: the planner's estimate, however close, is not the number an administrator
 * knows. Null with a search, with more than one filter, and for "not blocked" and "confirmed",
 * which hold nearly every user and have no index to count them from.
 */
async function soleFilterMatches(db: Db, filters: Partial<Omit<UserFilters, 'sort'>>) {
  const { q, confirmed, blocked, role, joinedFrom, joinedTo } = filters;
  const dated = joinedFrom !== undefined || joinedTo !== undefined;
  const given = [confirmed, blocked, role, dated ? true : undefined].filter((value) => value !== undefined);
  if (q || given.length !== 1 || blocked === false || confirmed === true) return null;
  const count = async (statement: SQL) => Number((await queryRows<{ n: number }>(db, statement))[0]?.n ?? 0);
  if (role)
    return cached(db, 'users:role-members', ['user_roles'], role, () =>
      count(sql`select count(*)::int as n from ${userRoles} where ${userRoles.roleId} = ${role}`),
    );
  const sole = { q: undefined, confirmed, blocked, joinedFrom, joinedTo };
  return cached(db, 'users:sole-filter-matches', ['users'], JSON.stringify(sole), () =>
    count(sql`select count(*)::int as n from ${users} where ${userWhere(sole)}`),
  );
}

/**
 * A page of users in the order and with the filters asked, deep pages from the anchors: `name`
 * names the list's rows, and `readRows` reads them for the page's ids, in the order it is given.
 */
export async function listUserPage<Read, Row>(
  db: Db,
  name: string,
  query: UserListQuery,
  readRows: (pageIds: UserPageIds, order: SQL[]) => Promise<(Read & { matches: number | null })[]>,
  toRow: (read: Read) => Row,
) {
  const frequent = query.q ? await userWordShares(db) : undefined;
  const where = userWhere(query, frequent);
  // The same rows, for the statements that read every match through the word index.
  const indexed = userWhere(query, frequent, { indexDecides: true })!;
  const narrowed = query.q && frequent ? hasRareWord(frequent, query.q) : false;
  const { sort } = query;
  const inOrder = userOrder(sort);
  /** A page of the matches read in any order, up to `readAtMost`, then sorted; with how many were read. */
  const readMatched = async (offset: number, limit: number, readAtMost: number) => {
    const read = await readRows(userSortedPageIds(db, indexed, sort, limit, readAtMost + 1, offset), inOrder);
    return { rows: read.map(toRow), matches: Number(read[0]?.matches ?? 0) };
  };
  /**
   * A page of many matches, walked for among the next FIRST_PAGE_WALK users in the list's order.
   * Where they are sparser than that (a role whose members all joined years ago, listed newest
   * first), all of them are read and sorted: the planner, trusting the filter's overall share,
   * would walk the whole list for them. A walk that covered every user is the answer as it is.
   */
  const allSorted = (offset: number, limit: number) =>
    readRows(userSortedPageIds(db, indexed, sort, limit, 'all', offset), inOrder);
  const walkedOrSorted = async (matching: SQL, offset: number, limit: number) => {
    const walk = offset + FIRST_PAGE_WALK;
    const walked = await readRows(userWalkedPageIds(db, matching, sort, limit, { walk, offset }), inOrder);
    if (walked.length === limit || walk >= (await tableTotal(db, 'users'))) return walked;
    return allSorted(offset, limit);
  };
  const order = `${sort.isDescending ? '-' : ''}${sort.field}`;
  return listPage(db, {
    name: `${name} ${order}`,
    query,
    table: 'users',
    where,
    anchors: { name: `users:${order}`, load: () => userAnchors(db, sort) },
    fetch: async (window) => {
      // A later page of a term with a rare word, within its first SORTED_READ_LIMIT matches: read
      // and sorted as its first page was, not left to the planner's walk of the list's order.
      if (where && narrowed && !window.reversed && !window.from && window.offset + window.limit <= SORTED_READ_LIMIT) {
        const sorted = await readMatched(window.offset, window.limit, SORTED_READ_LIMIT);
        if (sorted.matches <= SORTED_READ_LIMIT) return sorted.rows;
      }
      const rows =
        where && !window.reversed && !window.from
          ? await walkedOrSorted(where, window.offset, window.limit)
          : await readRows(userPageIds(db, where, sort, window), userOrder(sort, window.reversed));
      return rows.map(toRow);
    },
    estimate: async () => {
      const estimated = await estimatedSearchMatches(db, query);
      if (estimated !== null) return { n: estimated, exact: false };
      const counted = await soleFilterMatches(db, query);
      return counted === null ? null : { n: counted, exact: true };
    },
    firstPage: where
      ? async (limit) => {
          // A term its word statistics call common: the page is among the first users in the
          // list's order, and the total is the estimate, not a count of a thousand matches.
          const estimated = await estimatedSearchMatches(db, query);
          const walkedFirst = estimated !== null && estimated > EXACT_COUNT_LIMIT;
          if (walkedFirst) {
            const walked = await readRows(userWalkedPageIds(db, where, sort, limit), inOrder);
            if (walked.length === limit) return { rows: walked.map(toRow), total: { estimated } };
          }
          // A page and its count in one statement; no row only when nothing matches. A term with
          // a rare word has its matches read through the word index, up to SORTED_READ_LIMIT:
          // left to itself, the planner may walk the list's order for them, and at 1,000,000
          // users `member341` (1,111 matches) walked 341,000 users.
          const readAtMost = narrowed ? SORTED_READ_LIMIT : EXACT_COUNT_LIMIT;
          const first = await readMatched(0, limit, readAtMost);
          const counted = first.matches;
          if (counted <= readAtMost) return { rows: first.rows, total: { exact: counted } };
          // More than that: the page is walked for, unless that walk already fell short above,
          // and only if the walk falls short are all matches sorted.
          const rows = walkedFirst ? await allSorted(0, limit) : await walkedOrSorted(where, 0, limit);
          return { rows: rows.map(toRow), total: { counted } };
        }
      : undefined,
  });
}

export const listUsers = (db: Db, query: UserListQuery) =>
  listUserPage(
    db,
    'users',
    query,
    async (pageIds, order) =>
      db
        .select({ ...userColumns, matches: pageIds.matches })
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .orderBy(...order),
    toUser,
  );

const EXPORT_BATCH = 1000;

/**
 * Every user the filters match, in the list's order, a batch at a time: each batch starts after
 * the last key of the one before, so memory holds one batch and the index does the seeking.
 */
export async function* userBatches<Row>(
  db: Db,
  filters: Omit<UserListQuery, 'page' | 'limit'>,
  readRows: (pageIds: UserPageIds, order: SQL[]) => Promise<Row[]>,
  keyOf: (row: Row) => SortKey,
) {
  const where = userWhere(filters);
  let after: SortKey | undefined;
  for (;;) {
    const ids = db
      .select({ id: users.id, matches: noCount })
      .from(users)
      .where(and(where, after ? beyond(filters.sort, after, false) : undefined))
      .orderBy(...userOrder(filters.sort))
      .limit(EXPORT_BATCH)
      .as('page_ids');
    const rows = await readRows(ids, userOrder(filters.sort));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** A row's key in each order, as text exact to the microsecond. */
export const sortKeyColumns = {
  createdAtKey: sql<string>`${users.createdAt}::text`,
  nameKey: sortFold(users.name),
};

export const sortKeyOf =
  (sort: UserSort) =>
  (row: { id: string; email: string; createdAtKey: string; nameKey: string }): SortKey => [
    sort.field === 'createdAt' ? row.createdAtKey : sort.field === 'name' ? row.nameKey : row.email,
    row.id,
  ];

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
