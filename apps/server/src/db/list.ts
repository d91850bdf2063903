import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { paginate, type Pagination } from '@community/shared';
import type { Db } from './client.js';
import { queryRows } from './query-rows.js';
import { cached, type CacheSource } from './table-changes.js';

const dialect = new PgDialect();
/** A query's text and parameters: equal keys read equal rows. */
const cacheKey = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return `${text} ${JSON.stringify(params)}`;
};
/** Bounded by rows as well as pages: 500 pages of 1000 rows would not fit a small server. */
const PAGE_CACHE = {
  max: 500,
  ttlMs: 60_000,
  weigh: (page: { data: unknown[] }) => page.data.length,
  maxWeight: 25_000,
};

/** Above this many matches a search reports the planner's estimate instead of counting every row. */
export const EXACT_COUNT_LIMIT = 1000;

export type CountedTable =
  | 'users'
  | 'roles'
  | 'permissions'
  | 'client_permissions'
  | 'user_roles'
  | 'invites'
  | 'audit_events'
  | 'contact_messages'
  | 'events'
  /** Always read for one event, so its total is always counted; it keeps no row count. */
  | 'event_rsvps';

/** A row's sort key as text, exact to the microsecond (a JS Date would round it). */
export type SortKey = string[];

/**
 * Which rows to read: skip `offset` rows (from `after` when set, inclusive), take `limit`; a
 * reversed window reads from the other end of the order and is turned back afterwards.
 */
export type PageWindow = { offset: number; limit: number; reversed: boolean; from?: SortKey };

/** Every ANCHOR_EVERY-th sort key of a list is remembered, so no page skips more rows than this. */
export const ANCHOR_EVERY = 500;

/**
 * A name or title as lists sort it (`sort_fold`, migration 0024): case, Greek accents and the
 * diacritics of Latin letters do not move it among the words of its letters.
 */
export const sortFold = (text: AnyColumn) => sql<string>`sort_fold(${text})`;

/** `%` and `_` in a search term match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Greek letters with tonos or dialytika, and the final sigma, as `search_fold` writes them. */
const GREEK_FOLDS: Record<string, string> = {
  ά: 'α',
  έ: 'ε',
  ή: 'η',
  ί: 'ι',
  ϊ: 'ι',
  ΐ: 'ι',
  ό: 'ο',
  ύ: 'υ',
  ϋ: 'υ',
  ΰ: 'υ',
  ώ: 'ω',
  ς: 'σ',
};

/**
 * Text as `search_fold` (migration 0023) folds it: lowered as PostgreSQL lowers, a character at a
 * time (a capital Σ becomes σ), then without Greek accents and with ς as σ.
 */
export function foldForSearch(text: string): string {
  return [...text]
    .map((c) => {
      const lower = c.toLowerCase();
      return GREEK_FOLDS[lower] ?? lower;
    })
    .join('');
}

/**
 * The product's installed texts (`greek`: each stored text and its Greek) whose Greek holds `q` as a
 * search matches: on a Greek screen "χρηστ" finds the permissions it shows as "Χρήστες …".
 */
export function installedTextsHolding(greek: Record<string, string>, q: string): string[] {
  const folded = foldForSearch(q);
  return foldedOnce(greek)
    .filter(([, inGreek]) => inGreek.includes(folded))
    .map(([text]) => text);
}

/** The installed texts' Greek, folded for search the first time a search reads them. */
const foldedGreek = new WeakMap<Record<string, string>, [string, string][]>();
function foldedOnce(greek: Record<string, string>): [string, string][] {
  let folded = foldedGreek.get(greek);
  if (!folded) {
    folded = Object.entries(greek).map(([text, inGreek]) => [text, foldForSearch(inGreek)]);
    foldedGreek.set(greek, folded);
  }
  return folded;
}

/**
 * A column in the order a Greek screen shows it: the installed texts by their Greek (`greek`), any
 * other as stored, folded as a search folds them, so accents and capitals do not split the order.
 */
export const greekOrder = (column: AnyColumn, greek: Record<string, string>): SQL =>
  sql`search_fold(case ${column} ${sql.join(
    Object.entries(greek).map(([text, inGreek]) => sql`when ${text} then ${inGreek}`),
    sql` `,
  )} else ${column} end)`;

/**
 * A text column holds `q`, whatever the case and Greek accents of either: how every list's search
 * by words matches (a name, an event's title, a message), so "ελενη" finds Ελένη on every screen.
 */
export const foldedHolds = (text: AnyColumn, q: string): SQL =>
  sql`search_fold(${text}) like ${containsPattern(foldForSearch(q))}`;

/** Kept exact by triggers, so an unfiltered total is one row read at any table size. */
export const tableState = (
  db: Db,
  table: CountedTable,
  source: CacheSource = [table],
): Promise<{ count: number; version: number }> =>
  cached(db, 'list:table-state', source, table, async () => {
    const [row] = await queryRows<{ count: number; version: string | number }>(
      db,
      sql`select count, version from row_counts where table_name = ${table}`,
    );
    return { count: Number(row?.count ?? 0), version: Number(row?.version ?? 0) };
  });

export const tableTotal = async (db: Db, table: CountedTable) => (await tableState(db, table)).count;

/** Anchors per database and list, valid while the table's version stays the same. */
const anchorCache = new WeakMap<Db, Map<string, { version: number; keys: Promise<SortKey[]> }>>();

/** `name` names the list's order; lists of one table in one order share their anchors. */
async function anchorsFor(db: Db, name: string, version: number, load: () => Promise<SortKey[]>) {
  let lists = anchorCache.get(db);
  if (!lists) anchorCache.set(db, (lists = new Map<string, { version: number; keys: Promise<SortKey[]> }>()));
  const cached = lists.get(name);
  if (cached && cached.version === version) return cached.keys;
  const keys = load();
  lists.set(name, { version, keys });
  keys.catch(() => lists.delete(name));
  return keys;
}

/** What the first page of a filtered list learnt of its total while reading it. */
export type KnownTotal =
  /** Every match counted. */
  | { exact: number }
  /** The matches counted up to a bound above EXACT_COUNT_LIMIT, which they reached. */
  | { counted: number }
  /** More than EXACT_COUNT_LIMIT by an estimate made without counting. */
  | { estimated: number };

/**
 * The matches of a list's filter beyond EXACT_COUNT_LIMIT, better known than the planner knows
 * them: estimated, or counted where an index of its own serves the filter; null when unknown.
 */
export type Estimate = () => Promise<{ n: number; exact: boolean } | null>;

/** A total and how well it is known: `about` an estimate, `atLeast` a count stopped at a bound. */
export type Total = { n: number; is: 'exact' | TotalIs };
type TotalIs = NonNullable<Pagination['totalIs']>;

/**
 * Exact up to EXACT_COUNT_LIMIT, an estimate beyond; `matches` is a `select 1 from ... where ...`.
 * A search is repeated as its pages are turned, so its total is kept until any table changes.
 */
export function filteredTotal(
  db: Db,
  matches: SQL,
  source: CacheSource = 'all',
  known?: KnownTotal,
  estimate?: Estimate,
): Promise<Total> {
  return cached(db, 'list:filtered-total', source, cacheKey(matches), () => {
    if (known && 'exact' in known) return Promise.resolve<Total>({ n: known.exact, is: 'exact' });
    if (known && 'estimated' in known)
      return Promise.resolve<Total>({ n: Math.max(EXACT_COUNT_LIMIT + 1, known.estimated), is: 'about' });
    return countMatches(db, matches, known?.counted, estimate);
  });
}

/** `counted`: the matches already counted, up to a bound, by the query of the first page. */
async function countMatches(db: Db, matches: SQL, counted?: number, estimate?: Estimate): Promise<Total> {
  const exact =
    counted ??
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from (${matches} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`,
        )
      )[0]?.n ?? 0,
    );
  if (exact <= EXACT_COUNT_LIMIT) return { n: exact, is: 'exact' };
  const better = await estimate?.();
  if (better?.exact) return { n: better.n, is: 'exact' };
  // Past the bound `exact` is how many were counted before stopping: at least that many match,
  // and an estimate below it knows less than the count.
  const estimated = Math.round(better?.n ?? (await plannedRows(db, matches)));
  return estimated > exact ? { n: estimated, is: 'about' } : { n: exact, is: 'atLeast' };
}

/** The planner's estimate of the rows a query returns. */
async function plannedRows(db: Db, query: SQL): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0]?.Plan?.['Plan Rows'] ?? 0;
}

/**
 * Pages past the middle are read from the other end, so the deepest page costs what the middle
 * one does. Only with an exact total: an estimate could point the window past the last row.
 */
export function pageWindow(total: number, page: number, limit: number, isExact: boolean): PageWindow {
  const offset = (page - 1) * limit;
  if (!isExact || offset < total / 2 || offset >= total) return { offset, limit, reversed: false };
  const take = Math.min(limit, total - offset);
  return { offset: Math.max(0, total - offset - take), limit: take, reversed: true };
}

/**
 * One page of a list with its total: the table's kept count when unfiltered, a bounded count
 * when `where` filters. `from` is the count's FROM clause when the filter needs joins.
 * With `anchors` (every ANCHOR_EVERY-th sort key of the unfiltered list), a deep page starts
 * from the nearest anchor instead of skipping every row before it.
 */
export type ListOptions<Row> = {
  /** Names the list: its rows and order, as `fetch` reads them. */
  name: string;
  query: { page: number; limit: number };
  table: CountedTable;
  where: SQL | undefined;
  from?: SQL;
  anchors?: { name: string; load: () => Promise<SortKey[]> };
  fetch: (window: PageWindow) => Promise<Row[]>;
  /**
   * The first page of a filtered list together with what it learnt of the total (its matches
   * counted, all or up to a bound, or an estimate); in place of `fetch` and the count for page 1.
   */
  firstPage?: (limit: number) => Promise<{ rows: Row[]; total: KnownTotal }>;
  /** Beyond EXACT_COUNT_LIMIT, the total reported in place of the planner's estimate. */
  estimate?: Estimate;
  /** Rows that change with the clock alone (an invite expires) are read afresh every time. */
  changesWithTime?: boolean;
  /** What pages and totals are kept until: any list table (the default), or only these tables. */
  source?: CacheSource;
};

/** Pages are read again and again while nothing changes: each is kept until any list table does. */
export function listPage<Row>(db: Db, options: ListOptions<Row>): Promise<Pagination & { data: Row[] }> {
  if (options.changesWithTime) return readPage(db, options);
  const { page, limit } = options.query;
  const key = `${options.name} ${page} ${limit} ${cacheKey(options.where ?? sql``)}`;
  return cached<string, Pagination & { data: Row[] }>(
    db,
    'list:pages',
    options.source ?? 'all',
    key,
    () => readPage(db, options),
    PAGE_CACHE,
  );
}

/**
 * A filtered list's total: exact up to EXACT_COUNT_LIMIT, an estimate beyond, and never more than
 * the list's unfiltered total (its table's rows, as a join adds none): an estimate can overshoot,
 * and "1 - 25 of 102911" over 100,001 users reads as a fault. `known`: what its first page learnt.
 */
async function listTotal(db: Db, options: ListOptions<unknown>, where: SQL, known?: KnownTotal): Promise<Total> {
  const matches = sql`select 1 from ${options.from ?? sql.identifier(options.table)} where ${where}`;
  const total = await filteredTotal(db, matches, options.source, known, options.estimate);
  if (total.n <= EXACT_COUNT_LIMIT) return total;
  const { table, source } = options;
  const rows = (await tableState(db, table, source === 'never' ? 'never' : [table])).count;
  return total.n > rows ? { n: rows, is: 'about' } : total;
}

/**
 * The page's place and its total, with how well the total is known when not exactly. Past an
 * inexact total a full page always has a next one to try, and the total is never less than the
 * rows shown up to this page's end ("26 - 50 of at least 50", not "of at least 30").
 */
function paginateTotal(total: Total, page: number, limit: number, count: number): Pagination {
  if (total.is === 'exact') return paginate(total.n, page, limit, count);
  // A page short of the limit is the list's last: its end, and so its total, are known now.
  if (count > 0 && count < limit) return paginate((page - 1) * limit + count, page, limit, count);
  const place = paginate(Math.max(total.n, (page - 1) * limit + count), page, limit, count);
  // An empty page lies past the end, whatever the estimate: the list ends before it.
  if (count === 0 && page > 1) return { ...place, pages: Math.min(place.pages, page - 1), totalIs: total.is };
  return { ...place, pages: count === limit ? Math.max(place.pages, page + 1) : place.pages, totalIs: total.is };
}

async function readPage<Row>(db: Db, options: ListOptions<Row>): Promise<Pagination & { data: Row[] }> {
  const { query, table, where, anchors } = options;
  const offset = (query.page - 1) * query.limit;
  let total: Total;
  let window: PageWindow;
  if (where && query.page === 1 && options.firstPage) {
    const first = await options.firstPage(query.limit);
    // Kept for the next pages; beyond the limit, an estimate.
    total = await listTotal(db, options, where, first.total);
    const { rows } = first;
    return { data: rows, ...paginateTotal(total, 1, query.limit, rows.length) };
  }
  if (where) {
    // The first page is read before counting: with room to spare it holds every match.
    const first = query.page === 1 ? await options.fetch({ offset: 0, limit: query.limit, reversed: false }) : null;
    if (first && first.length < query.limit)
      return { data: first, ...paginate(first.length, 1, query.limit, first.length) };
    total = await listTotal(db, options, where);
    if (first) return { data: first, ...paginateTotal(total, 1, query.limit, first.length) };
    window = pageWindow(total.n, query.page, query.limit, false);
  } else {
    const state = await tableState(db, table, options.source === 'never' ? 'never' : [table]);
    total = { n: state.count, is: 'exact' };
    window = pageWindow(state.count, query.page, query.limit, true);
    if (anchors && offset >= ANCHOR_EVERY && offset < state.count) {
      const keys = await anchorsFor(db, anchors.name, state.version, anchors.load);
      const from = keys[Math.floor(offset / ANCHOR_EVERY)];
      if (from) window = { offset: offset % ANCHOR_EVERY, limit: query.limit, reversed: false, from };
    }
  }
  const rows = await options.fetch(window);
  if (window.reversed) rows.reverse();
  return { data: rows, ...paginateTotal(total, query.page, query.limit, rows.length) };
}
