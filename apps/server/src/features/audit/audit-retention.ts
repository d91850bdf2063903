import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/**
 * Deletes the entries older than `days`: the one deletion the table allows, in a transaction
 * that says so (`audit.maintenance`). Answers how many went.
 */
export async function deleteAuditOlderThan(db: Db, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('audit.maintenance', 'on', true)`);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from audit_events where at < now() - make_interval(days => ${days}) returning 1)
          select count(*)::int as n from gone`,
    );
    return Number(row?.n ?? 0);
  });
}
