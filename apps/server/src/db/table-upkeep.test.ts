import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { queryRows } from './query-rows.js';
import { users } from './schema.js';
import { userWordShares } from '../features/users/users.queries.js';
import { upkeepTables } from './table-upkeep.js';

const memberRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    email: uniqueEmail('member'),
    name: i % 4 === 0 ? 'Giorgos Ioannou' : `Member ${i}`,
    username: `member-${crypto.randomUUID()}`,
  }));

describe('table upkeep', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    // Nothing but the upkeep under test refreshes the table's statistics meanwhile.
    if (test.database.kind === 'postgres') await db().execute(sql`alter table users set (autovacuum_enabled = false)`);
  });
  afterAll(() => test.drop());

  const db = () => test.database.db;
  /**
   * On PostgreSQL, waits until no snapshot that VACUUM heeds is older than the newest row of
   * `users`: until then it may not mark that row's page visible to all. Besides this database's
   * own, it heeds connections not yet in a database, and the other test files' connections come
   * and go meanwhile: one still starting holds a snapshot before it joins its database.
   */
  const writesSettled = async () => {
    if (test.database.kind !== 'postgres') return;
    for (;;) {
      const [row] = await queryRows<{ older: number }>(
        db(),
        sql`select count(*)::int as older from pg_stat_activity
            where pid <> pg_backend_pid() and backend_xmin is not null
              and (datname = current_database() or datname is null)
              and age(backend_xmin) >= (select min(age(xmin)) from users)`,
      );
      if (row!.older === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /**
   * Upkeep once more, which must find nothing due. On a shared PostgreSQL a pass may still leave
   * some pages unmarked: a snapshot taken by a connection only starting, which pg_stat_activity
   * does not show yet, or a page the checkpointer or the background writer held pinned, which a
   * vacuum then passes over. Passes until nothing is due; the embedded engine, with no one else
   * on it, gets one.
   */
  const upkeepFindsNothingDue = async () => {
    let due = await upkeepTables(db());
    for (let pass = 1; due.length > 0 && test.database.kind === 'postgres' && pass < 10; pass++) {
      due = await upkeepTables(db());
    }
    return due;
  };
  // The word statistics as the users search reads them, and the rows ANALYZE last counted.
  const usersStatistics = async () => ({
    tails: (await userWordShares(db())).tails,
    rows: (
      await queryRows<{ rows: number }>(
        db(),
        sql`select reltuples::int as rows from pg_class where oid = 'users'::regclass`,
      )
    )[0]!.rows,
  });

  it('analyses a table that has grown by a tenth, and then leaves it until it grows again', async () => {
    await upkeepTables(db());
    const before = await usersStatistics();
    expect(before.tails).not.toContain('giorgos');

    for (let batch = 0; batch < 4; batch++) await db().insert(users).values(memberRows(500));
    await writesSettled();
    const due = await upkeepTables(db());
    expect(due).toContain('users');
    const after = await usersStatistics();
    // The word statistics the users search goes by now know its most frequent word.
    expect(after.tails).toContain('giorgos');
    expect(after.rows).toBeGreaterThanOrEqual(2000);

    expect(await upkeepFindsNothingDue()).toEqual([]);
  });

  it('reclaims the rows that updates left behind', async () => {
    await upkeepTables(db());
    const pages = async () =>
      (await queryRows<{ pages: number }>(db(), sql`select pg_relation_size('users')::int / 8192 as pages`))[0]!.pages;
    const sized = await pages();
    // Every row written again: without a vacuum the table doubles, and doubles again.
    await db()
      .update(users)
      .set({ name: sql`${users.name} || ' '` });
    await writesSettled();
    expect(await upkeepTables(db())).toContain('users');
    await db()
      .update(users)
      .set({ name: sql`rtrim(${users.name})` });
    await writesSettled();
    await upkeepTables(db());
    expect(await pages()).toBeLessThanOrEqual(sized * 2 + 1);
  });

  it('vacuums a table analysed without a vacuum, so that an index alone answers a count', async () => {
    await upkeepTables(db());
    await db().insert(users).values(memberRows(3000));
    // Statistics up to date, but none of the new rows' pages marked visible to all.
    await db().execute(sql`analyze users`);
    const visibility = async () =>
      (
        await queryRows<{ pages: number; visible: number }>(
          db(),
          sql`select relpages as pages, relallvisible as visible from pg_class where oid = 'users'::regclass`,
        )
      )[0]!;
    const analysed = await visibility();
    expect(analysed.visible).toBeLessThan(analysed.pages * 0.9);
    await writesSettled();
    expect(await upkeepTables(db())).toContain('users');
    expect(await upkeepFindsNothingDue()).toEqual([]);
    const upkept = await visibility();
    expect(upkept.visible).toBeGreaterThanOrEqual(upkept.pages * 0.9);
  });

  it('is the embedded engine’s own, ending with a checkpoint; left to autovacuum on PostgreSQL', async () => {
    const lastCheckpoint = async () =>
      (await queryRows<{ redo: string }>(db(), sql`select redo_lsn::text as redo from pg_control_checkpoint()`))[0]!
        .redo;
    const before = await lastCheckpoint();
    await db().insert(users).values(memberRows(3000));
    const { written } = (
      await queryRows<{ written: string }>(db(), sql`select pg_current_wal_lsn()::text as written`)
    )[0]!;
    const upkept = await test.database.upkeep();
    if (test.database.kind === 'postgres') {
      expect(upkept).toEqual([]);
      return;
    }
    expect(upkept).toContain('users');
    // Without a checkpoint, everything written since the engine opened waits in the log.
    const redo = await lastCheckpoint();
    expect(redo).not.toBe(before);
    const { after } = (
      await queryRows<{ after: boolean }>(db(), sql`select ${redo}::pg_lsn >= ${written}::pg_lsn as after`)
    )[0]!;
    expect(after).toBe(true);
    // And a checkpoint keeps 64 MB of it for reuse, not the default 1 GB.
    const { kept } = (await queryRows<{ kept: string }>(db(), sql`select current_setting('max_wal_size') as kept`))[0]!;
    expect(kept).toBe('64MB');
  });
});
