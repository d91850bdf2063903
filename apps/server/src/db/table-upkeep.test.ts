import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createPgliteDatabase } from './pglite.js';
import { queryRows } from './query-rows.js';
import { users } from './schema.js';
import { upkeepTables } from './table-upkeep.js';

const memberRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `member${i}-${crypto.randomUUID()}@example.test`,
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
  const usersStatistics = async () =>
    (
      await queryRows<{ tails: string[] | null; rows: number }>(
        db(),
        sql`select (select most_common_elems::text::text[] from pg_stats
                    where schemaname = current_schema() and tablename = 'users' and attname = 'search_words') as tails,
                   (select reltuples::int from pg_class where oid = 'users'::regclass) as rows`,
      )
    )[0]!;

  it('analyses a table that has grown by a tenth, and then leaves it until it grows again', async () => {
    await upkeepTables(db());
    const before = await usersStatistics();
    expect(before.tails ?? []).not.toContain('giorgos');

    for (let batch = 0; batch < 4; batch++) await db().insert(users).values(memberRows(500));
    const due = await upkeepTables(db());
    expect(due).toContain('users');
    const after = await usersStatistics();
    // The word statistics the users search goes by now know its most frequent word.
    expect(after.tails).toContain('giorgos');
    expect(after.rows).toBeGreaterThanOrEqual(2000);

    expect(await upkeepTables(db())).toEqual([]);
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
    expect(await upkeepTables(db())).toContain('users');
    await db()
      .update(users)
      .set({ name: sql`rtrim(${users.name})` });
    await upkeepTables(db());
    expect(await pages()).toBeLessThanOrEqual(sized * 2 + 1);
  });

  it('is the embedded engine’s own upkeep, and left to autovacuum on PostgreSQL', async () => {
    await db().insert(users).values(memberRows(3000));
    const upkept = await test.database.upkeep();
    if (test.database.kind === 'pglite') expect(upkept).toContain('users');
    else expect(upkept).toEqual([]);
  });
});

// An engine with a data directory of its own: run with the embedded suite, not again beside PostgreSQL.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded engine’s upkeep', () => {
  it(
    'ends with a checkpoint, so the write-ahead log keeps 64 MB, not all written since start',
    { timeout: 60_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upkeep-'));
      const database = await createPgliteDatabase({ dataDir });
      const segments = () => fs.readdirSync(path.join(dataDir, 'db/pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f));
      try {
        const { db } = database;
        await db.execute(sql`create table filler (id int, pad text)`);
        // About 100 MB of log: six or more 16 MB segments.
        for (let round = 0; round < 2; round++) {
          await db.execute(sql`insert into filler select n, repeat('x', 500) from generate_series(1, 80000) as n`);
          await db.execute(sql`delete from filler`);
        }
        expect(segments().length).toBeGreaterThanOrEqual(6);
        await database.upkeep();
        expect(segments().length).toBeLessThanOrEqual(5);
      } finally {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
