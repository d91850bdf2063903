import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { ADVISORY_LOCKS } from './advisory-locks.js';
import type { Database } from './client.js';
import { createPostgresDatabase, LOCK_HOLDER_NAME } from './postgres.js';
import { queryRows } from './query-rows.js';

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let test: TestDatabase;
  let database: Database;
  const connections = async (name: string) => {
    const [row] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${name}`,
    );
    return row!.n;
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    // One pooled connection: a lock taken from the pool would leave none to the work it guards.
    database = createPostgresDatabase(test.url!, pino({ level: 'silent' }), 1);
  });
  afterAll(async () => {
    await database.close();
    await test.drop();
  });

  it('a job holds its lock on a connection of its own, and its work has the pool', async () => {
    let holders = 0;
    const ran = await database.tryJobLock(ADVISORY_LOCKS.feedJob, async () => {
      await queryRows(database.db, sql`select 1`);
      holders = await connections(LOCK_HOLDER_NAME);
    });
    expect(ran).toBe(true);
    expect(holders).toBe(1);
  });

  it('a second holder of the same lock is refused while the first works', async () => {
    let second: boolean | undefined;
    await database.tryJobLock(ADVISORY_LOCKS.retention, async () => {
      second = await database.tryJobLock(ADVISORY_LOCKS.retention, async () => {});
    });
    expect(second).toBe(false);
    expect(await database.tryJobLock(ADVISORY_LOCKS.retention, async () => {})).toBe(true);
  });

  it('the start-up lock leaves the pool to the migrations', async () => {
    await expect(database.withStartupLock(() => database.migrate())).resolves.toBeUndefined();
  });

  it('statements beyond the pool wait their turn', async () => {
    const sized = createPostgresDatabase(test.url!, pino({ level: 'silent' }), 2);
    try {
      let running = true;
      const sleeping = Promise.all(
        Array.from({ length: 5 }, () => queryRows(sized.db, sql`select pg_sleep(0.3)`)),
      ).finally(() => (running = false));
      // The most statements of the five that ran at once, looked at until all have ended.
      let most = 0;
      while (running) {
        const [row] = await queryRows<{ n: number }>(
          test.database.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'select pg_sleep(0.3)' and state = 'active'`,
        );
        most = Math.max(most, row!.n);
      }
      await sleeping;
      expect(most).toBe(2);
    } finally {
      await sized.close();
    }
  });
});
