import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from './migrate.js';
import { createPgliteDatabase } from './pglite.js';
import { queryRows } from './query-rows.js';

const migrations = readMigrations();
const recorded = async (db: Parameters<typeof applyMigrations>[0]) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;

describe('migrations', () => {
  it('each has its own date, by which an installation knows it has it', () => {
    const dates = migrations.map((migration) => migration.folderMillis);
    expect(new Set(dates).size).toBe(dates.length);
  });

  // 0005 is dated after the migrations that follow it: an installation that stopped there must
  // still receive every later one.
  it.each([1, 6, migrations.length - 1])(
    'an installation with the first %i reaches the latest schema, and a second start applies nothing',
    async (had) => {
      const database = await createPgliteDatabase({});
      try {
        expect(await applyMigrations(database.db, migrations.slice(0, had))).toBe(had);
        expect(await applyMigrations(database.db)).toBe(migrations.length - had);
        expect(await recorded(database.db)).toBe(migrations.length);
        expect(await applyMigrations(database.db)).toBe(0);
        // The newest migration's work is there: the audit log announces nothing.
        const announcing = await queryRows<{ tgname: string }>(
          database.db,
          sql`select tgname from pg_trigger where tgrelid = 'audit_events'::regclass and tgname = 'audit_events_inserted'`,
        );
        expect(announcing).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );

  it('a new data directory is created and migrated by a process of its own, before the server opens it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-init-'));
    try {
      const database = await createPgliteDatabase({ dataDir });
      try {
        expect(await recorded(database.db)).toBe(migrations.length);
        expect(await applyMigrations(database.db)).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
