import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { type Database, type Db } from './client.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { applyMigrations } from './migrate.js';
import { withPreparedStatements } from './pglite-statements.js';
import * as schema from './schema.js';

/**
 * Keeps the embedded server small at idle (the defaults reserve far more than this product uses),
 * and plans each run of a prepared read for its own values: a generic plan cannot know that a
 * search term is rare, and would scan where the trigram index answers at once.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 32MB',
  'plan_cache_mode = force_custom_plan',
];

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    postgresqlconf: PGLITE_SETTINGS,
  });
}

export async function createPgliteDatabase(options: { dataDir?: string; client?: PGlite }): Promise<Database> {
  let releaseLock = () => {};
  let client = options.client;
  if (!client) {
    const dbDir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dbDir) {
      // The database holds password hashes and personal data: a folder made here is private.
      fs.mkdirSync(dbDir, { recursive: true, mode: 0o700 });
      releaseLock = acquireDataDirLock(path.join(options.dataDir!, 'db.lock'));
    }
    try {
      client = await openPglite(dbDir);
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzle({ client: withPreparedStatements(pglite), schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
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
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}
