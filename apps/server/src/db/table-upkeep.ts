import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { queryRows } from './query-rows.js';

/** A table is vacuumed and analysed once its size has moved by this share since it last was. */
const CHANGED_SHARE = 0.1;

/**
 * The tables whose size has moved by a tenth or more since they were last vacuumed or analysed,
 * by their page counts now and as the catalogue recorded them then (only VACUUM, ANALYZE and
 * index builds record them). Inserts grow a table and so do updates, by the rows they leave
 * behind; a delete's rows are reclaimed with the next pass that growth brings. Also due: a table
 * analysed without a vacuum (restored, or filled and analysed at once), a tenth or more of whose
 * pages were then not known to be visible to all: until a vacuum marks them, a read that an index
 * holds every column of (counting a member's audit entries) visits the table's rows as well,
 * 29-37 ms instead of 2.7-3.1 for a thousand of 1,000,000 entries.
 */
async function tablesDue(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relkind = 'r' and relnamespace = current_schema()::regnamespace
          and (abs(pg_relation_size(oid) / current_setting('block_size')::int - relpages) > relpages * ${CHANGED_SHARE}::float8
               or relpages - relallvisible > relpages * ${CHANGED_SHARE}::float8)
        order by relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * What autovacuum does on PostgreSQL, for the embedded engine, which runs none: rows that updates
 * and deletes left behind are reclaimed, and the planner's statistics, the users search's word
 * statistics among them, follow the data as it grows rather than describing the empty tables
 * of the first start. Vacuum and analysis are statements of their own, table by table, so
 * requests are answered between them (at most about a second's wait at 1,000,000 audit entries).
 * Answers the tables it vacuumed and analysed.
 */
export async function upkeepTables(db: Db): Promise<string[]> {
  const due = await tablesDue(db);
  for (const table of due) {
    await db.execute(sql`vacuum ${sql.identifier(table)}`);
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  return due;
}
