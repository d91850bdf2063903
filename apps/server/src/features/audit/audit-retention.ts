import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import type { Database, Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/** Often enough that nothing stays long past its time, rarely enough to cost nothing. */
const RUN_EVERY_MS = 6 * 60 * 60 * 1000;

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

export type AuditRetention = { run(): Promise<void>; stop(): void };

/** Keeps the audit log to `days`, on one instance at a time, at start and every six hours. */
export function startAuditRetention(options: { database: Database; logger: Logger; days: number }): AuditRetention {
  const { database, logger, days } = options;
  const run = async () => {
    try {
      await database.tryJobLock(ADVISORY_LOCKS.auditRetention, async () => {
        const deleted = await deleteAuditOlderThan(database.db, days);
        if (deleted > 0) logger.info({ deleted, days }, 'deleted audit entries past their retention');
      });
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'audit retention failed; it runs again later');
    }
  };
  const timer = setInterval(() => void run(), RUN_EVERY_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
