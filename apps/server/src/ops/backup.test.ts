import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createPgliteDatabase } from '../db/pglite.js';
import { settings } from '../db/schema.js';
import { createTestDatabase } from '../test/test-database.js';
import { backupDatabase, pgClientCall, restoreDatabase } from './backup.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The rows this test writes: a marker changed after the backup, and one added after it. */
const markers = async (database: Database) =>
  (await database.db.select().from(settings).where(like(settings.key, 'backup-test-%'))).map(
    (row) => `${row.key}=${row.value}`,
  );

async function change(database: Database) {
  await database.db.update(settings).set({ value: 'after' }).where(eq(settings.key, 'backup-test-marker'));
  await database.db.insert(settings).values({ key: 'backup-test-added', value: 'later' });
}

describe('backup and restore of the embedded database', () => {
  const open = async (dataDir: string) => {
    const database = await createPgliteDatabase({ dataDir });
    await database.migrate();
    return database;
  };

  it('restores the backed-up state and keeps the replaced data directory aside', async () => {
    const dataDir = tempDir();
    let database = await open(dataDir);
    await database.db.insert(settings).values({ key: 'backup-test-marker', value: 'before' });
    await database.close();

    const file = await backupDatabase({ dataDir });
    expect(file.startsWith(path.join(dataDir, 'backups', 'community-'))).toBe(true);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    database = await open(dataDir);
    await change(database);
    expect(await markers(database)).toEqual(['backup-test-marker=after', 'backup-test-added=later']);
    await database.close();

    const { keptAside } = await restoreDatabase({ dataDir }, file);
    expect(fs.existsSync(keptAside!)).toBe(true);
    database = await open(dataDir);
    expect(await markers(database)).toEqual(['backup-test-marker=before']);
    await database.close();
  }, 60_000);

  it('L1: writes backups that only their owner can read, in a folder only they can open', async () => {
    const dataDir = tempDir();
    const database = await open(dataDir);
    await database.close();
    const file = await backupDatabase({ dataDir });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  }, 60_000);

  it('refuses while a running server holds the data directory', async () => {
    const dataDir = tempDir();
    const database = await open(dataDir);
    await database.close();
    const holder = spawn('sleep', ['30']);
    cleanups.push(() => holder.kill());
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(holder.pid));
    await expect(backupDatabase({ dataDir })).rejects.toThrow(/in use|locked|another/i);
    await expect(restoreDatabase({ dataDir }, path.join(dataDir, 'missing.tar.gz'))).rejects.toThrow(/no backup/);
  });
});

describe('the PostgreSQL tools', () => {
  it('L1: get the password in their environment, never on their command line', () => {
    const { url, env } = pgClientCall('postgres://owner:s%40cret@db.example:5432/community');
    expect(url).toBe('postgres://owner@db.example:5432/community');
    expect(env.PGPASSWORD).toBe('s@cret');
  });

  it('L1: fail with what the tool said, never with the database address', async () => {
    const databaseUrl = 'postgres://owner:very-secret@127.0.0.1:1/community';
    const failure = backupDatabase({ databaseUrl, dataDir: tempDir() });
    await expect(failure).rejects.toThrow(/^pg_dump failed/);
    await expect(failure).rejects.not.toThrow(/very-secret|127\.0\.0\.1:1/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore of a PostgreSQL database', () => {
  it('restores the backed-up state with pg_dump and pg_restore', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    const dataDir = tempDir();
    const target = { databaseUrl: test.url!, dataDir };
    await test.database.db.insert(settings).values({ key: 'backup-test-marker', value: 'before' });

    const file = await backupDatabase(target);
    await change(test.database);
    expect(await markers(test.database)).toEqual(['backup-test-marker=after', 'backup-test-added=later']);

    await restoreDatabase(target, file);
    expect(await markers(test.database)).toEqual(['backup-test-marker=before']);
  }, 60_000);
});
