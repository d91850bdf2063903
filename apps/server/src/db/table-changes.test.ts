import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { queryRows } from './query-rows.js';
import { cached, watchTableChanges, type TableChanges } from './table-changes.js';
import { defaultPoolSize, LISTENER_NAME } from './postgres.js';

let test: TestDatabase;
let changes: TableChanges;
beforeAll(async () => {
  test = await createTestDatabase();
  changes = await watchTableChanges(test.database, pino({ level: 'silent' }));
});
afterAll(async () => {
  await changes.close();
  await test.drop();
});

const db = () => test.database.db;
const roleCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from roles`))[0]!.n;
const addRole = (name: string) =>
  db().execute(sql`insert into roles (id, name, type) values (gen_random_uuid(), ${name}, 'user')`);
const options = { max: 3, ttlMs: 60_000 };

/** Counts how often the value is read from the database. */
function counted<T>(read: () => Promise<T>) {
  const counter = { reads: 0, read: () => (counter.reads++, read()) };
  return counter;
}

describe('cached', () => {
  it('serves a value from memory until its own table changes, whoever changes it', async () => {
    const roles = counted(roleCount);
    const get = () => cached(db(), 'test:roles', ['roles'], 'count', roles.read, options);
    const before = await get();
    expect(await get()).toBe(before);
    expect(roles.reads).toBe(1);

    await db().execute(sql`update settings set value = value`);
    await changes.sync();
    expect(await get()).toBe(before);
    expect(roles.reads).toBe(1);

    await addRole('Cached while it changed');
    await changes.sync();
    expect(await get()).toBe(before + 1);
    expect(roles.reads).toBe(2);
  });

  it('hears a change by the time its statement answers, where the engine says it does', async () => {
    const roles = counted(roleCount);
    const get = () => cached(db(), 'test:heard-first', ['roles'], 'count', roles.read, options);
    const before = await get();
    await addRole('Heard before its answer');
    // The embedded engine's sync waits for nothing; PostgreSQL's waits for its own notice.
    if (!test.database.hearsCommitsFirst) await changes.sync();
    expect(await get()).toBe(before + 1);
    expect(test.database.hearsCommitsFirst).toBe(test.database.kind === 'pglite');
  });

  it('does not keep a value read while its table was changing', async () => {
    let release = () => {};
    const slow = () =>
      cached(db(), 'test:slow', ['roles'], 'count', async () => {
        const value = await roleCount();
        await new Promise<void>((resolve) => (release = resolve));
        return value;
      });
    const first = slow();
    await addRole('Added during a read');
    await changes.sync();
    release();
    const stale = await first;
    expect(await cached(db(), 'test:slow', ['roles'], 'count', roleCount)).toBe(stale + 1);
  });

  it('keeps no more than its size, dropping the oldest', async () => {
    const reads = counted(roleCount);
    const get = (key: string) => cached(db(), 'test:bounded', ['roles'], key, reads.read, options);
    for (const key of ['a', 'b', 'c', 'd']) await get(key);
    expect(reads.reads).toBe(4);
    await get('d');
    expect(reads.reads).toBe(4);
    await get('a');
    expect(reads.reads).toBe(5);
  });

  it('L5: keeps no more than its weight, however few the entries', async () => {
    const rows = (n: number) => async () => Array.from({ length: n }, (_, i) => i);
    const limits = { max: 1000, ttlMs: 60_000, weigh: (value: number[]) => value.length, maxWeight: 2500 };
    const cache = changes.cache<string, number[]>('test:weighed', ['roles'], limits);
    for (const key of ['a', 'b', 'c']) await cache.get(key, rows(1000));
    expect(cache.size).toBe(2);
    expect(cache.weight).toBe(2000);
    await cache.get('big', rows(5000));
    expect(cache.size).toBe(0);
    expect(cache.weight).toBe(0);
  });

  it('L5: hears nothing from a statement that changed no row', async () => {
    // A row of its own, so the last statement changes one whatever ran before.
    await addRole('L5 row');
    await changes.sync();
    const roles = counted(roleCount);
    const get = () => cached(db(), 'test:no-rows', ['roles'], 'count', roles.read, options);
    await get();
    await db().execute(sql`update roles set name = name where false`);
    await db().execute(sql`delete from roles where false`);
    await changes.sync();
    await get();
    expect(roles.reads).toBe(1);
    await db().execute(sql`update roles set name = name where name = 'L5 row'`);
    await changes.sync();
    await get();
    expect(roles.reads).toBe(2);
  });

  it('L6: one name watching two tables is two caches, each dropped by its own table', async () => {
    const reads = counted(roleCount);
    const watching = (table: string) => () => cached(db(), 'test:state', [table], table, reads.read, options);
    await watching('roles')();
    await watching('permissions')();
    expect(reads.reads).toBe(2);
    await db().execute(
      sql`insert into permissions (id, name, method, route) values (gen_random_uuid(), 'L6', 'GET', '/l6')`,
    );
    await changes.sync();
    await watching('roles')();
    expect(reads.reads).toBe(2);
    await watching('permissions')();
    expect(reads.reads).toBe(3);
  });

  it('reads afresh from a database nobody watches', async () => {
    const other = await createTestDatabase();
    try {
      const reads = counted(async () => 1);
      await cached(other.database.db, 'test:unwatched', 'all', 'x', reads.read);
      await cached(other.database.db, 'test:unwatched', 'all', 'x', reads.read);
      expect(reads.reads).toBe(2);
    } finally {
      await other.drop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a lost subscription on PostgreSQL', () => {
  it('bypasses the caches until it listens again', async () => {
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    try {
      const reads = counted(roleCount);
      const get = () => cached(db(), 'test:lost', ['roles'], 'count', reads.read);
      await get();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [LISTENER_NAME],
      );
      for (let i = 0; i < 100 && changes.live; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(changes.live).toBe(false);
      await get();
      await get();
      expect(reads.reads).toBe(3);
      for (let i = 0; i < 300 && !changes.live; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(changes.live).toBe(true);
      await get();
      await get();
      expect(reads.reads).toBe(4);
    } finally {
      await admin.end();
    }
  });

  it('keeps listening while every pooled connection is busy for longer than a heartbeat may take', async () => {
    const busy = Promise.all(Array.from({ length: defaultPoolSize() }, () => db().execute(sql`select pg_sleep(6)`)));
    const until = Date.now() + 6500;
    let lost = false;
    while (Date.now() < until) {
      lost ||= !changes.live;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await busy;
    expect(lost).toBe(false);
  }, 15_000);

  it('L7: notices a listener that stops hearing without any error, and reads the database meanwhile', async () => {
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
      [LISTENER_NAME],
    );
    const pid = rows[0]!.pid;
    try {
      const reads = counted(roleCount);
      const get = () => cached(db(), 'test:silent', ['roles'], 'count', reads.read);
      await get();
      // The listening server process stops answering: its socket stays open, nothing says it is gone.
      process.kill(pid, 'SIGSTOP');
      await addRole('Added while nobody listened');
      const until = Date.now() + 10_000;
      while (changes.live && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(changes.live).toBe(false);
      const before = await roleCount();
      expect(await get()).toBe(before);
      expect(reads.reads).toBe(2);
    } finally {
      process.kill(pid, 'SIGCONT');
      await admin.end();
    }
    for (let i = 0; i < 500 && !changes.live; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changes.live).toBe(true);
  }, 30_000);
});
