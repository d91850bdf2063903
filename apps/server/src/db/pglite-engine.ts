import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Keeps the embedded server small at idle (the defaults reserve far more than this product uses).
 * A checkpoint keeps 64 MB of write-ahead log for reuse, not 1 GB (written into the data directory
 * at every start). How prepared statements are planned is pglite-statements.ts's to say.
 */
const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 32MB',
  'min_wal_size = 32MB',
  'max_wal_size = 64MB',
];

/** The embedded engine itself, on the calling thread: the server runs it on its own (pglite-thread.ts). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    postgresqlconf: PGLITE_SETTINGS,
  });
}
