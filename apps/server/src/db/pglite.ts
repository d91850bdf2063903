import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type Database, type Db } from './client.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { applyMigrations } from './migrate.js';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';
import * as schema from './schema.js';
import { upkeepTables } from './table-upkeep.js';

const INIT_FILE = path.resolve(import.meta.dirname, '../../dist/db/pglite-init.js');

/**
 * A new data directory is created by a short-lived process of its own: creating the cluster
 * inside the server would leave it holding about 100 MB more for as long as it runs (326 MB
 * settled after a first start against 221 after a restart).
 */
async function initializeDataDir(dbDir: string) {
  if (fs.existsSync(path.join(dbDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, [INIT_FILE, dbDir]);
}

/**
 * `template` (in memory only): a dump of a migrated database to start from; opening it takes
 * 0.4 s where creating a cluster and migrating it takes 3.5 s, which every API test file paid.
 */
export async function createPgliteDatabase(options: { dataDir?: string; template?: string }): Promise<Database> {
  let releaseLock = () => {};
  const dbDir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
  if (dbDir) {
    // The database holds password hashes and personal data: a folder made here is private.
    fs.mkdirSync(dbDir, { recursive: true, mode: 0o700 });
    releaseLock = acquireDataDirLock(path.join(options.dataDir!, 'db.lock'));
  }
  let pglite: PgliteThread;
  try {
    if (dbDir) await initializeDataDir(dbDir);
    pglite = await openPgliteThread(dbDir, dbDir ? undefined : options.template);
  } catch (error) {
    releaseLock();
    throw error;
  }
  // drizzle's PGlite driver calls only query and transaction, which the thread answers as PGlite does.
  const db = drizzle({ client: pglite as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    hearsCommitsFirst: true,
    migrate: async () => {
      await applyMigrations(db);
    },
    // One process owns the data directory: the file lock already serialises start-ups.
    withStartupLock: (work) => work(),
    tryJobLock: async (_key, work) => {
      await work();
      return true;
    },
    // One process, one connection: a commit's notifications arrive before its query resolves.
    listen: async (channel, onMessage, onLive) => {
      const unlisten = await pglite.listen(channel, onMessage);
      onLive(true);
      return unlisten;
    },
    ping: async () => {
      await pglite.query('select 1');
    },
    // The embedded engine runs no autovacuum, and no checkpointer: without a checkpoint its
    // write-ahead log keeps everything written since it opened, to be replayed after a crash.
    upkeep: async () => {
      const tables = await upkeepTables(db);
      await pglite.query('checkpoint');
      return tables;
    },
    close: async () => {
      await pglite.close();
      releaseLock();
    },
  };
}
