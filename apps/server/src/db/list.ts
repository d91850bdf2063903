import { sql, type SQL } from 'drizzle-orm';
import { paginate, type Pagination } from '@community/shared';
import type { Db } from './client.js';
import { queryRows } from './query-rows.js';

/** Above this many matches a search reports the planner's estimate instead of counting every row. */
export const EXACT_COUNT_LIMIT = 1000;

export type CountedTable = 'users' | 'roles' | 'permissions' | 'client_permissions' | 'user_roles';

export type PageWindow = { offset: number; limit: number; reversed: boolean };

/** `%` and `_` in a search term match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Kept exact by triggers, so an unfiltered total is one row read at any table size. */
export async function tableTotal(db: Db, table: CountedTable): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count from row_counts where table_name = ${table}`);
  return Number(row?.count ?? 0);
}

/** Exact up to EXACT_COUNT_LIMIT, an estimate beyond; `matches` is a `select 1 from ... where ...`. */
export async function filteredTotal(db: Db, matches: SQL): Promise<number> {
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${matches} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`,
  );
  const exact = Number(counted?.n ?? 0);
  if (exact <= EXACT_COUNT_LIMIT) return exact;
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${matches}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0));
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
 */
export async function listPage<Row>(
  db: Db,
  options: {
    query: { page: number; limit: number };
    table: CountedTable;
    where: SQL | undefined;
    from?: SQL;
    fetch: (window: PageWindow) => Promise<Row[]>;
  },
): Promise<Pagination & { data: Row[] }> {
  const { query, table, where } = options;
  const total = where
    ? await filteredTotal(db, sql`select 1 from ${options.from ?? sql.identifier(table)} where ${where}`)
    : await tableTotal(db, table);
  const window = pageWindow(total, query.page, query.limit, !where);
  const rows = await options.fetch(window);
  if (window.reversed) rows.reverse();
  return { data: rows, ...paginate(total, query.page, query.limit, rows.length) };
}
