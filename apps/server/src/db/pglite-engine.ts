import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Keeps the embedded server small at idle (the defaults reserve far more than this product uses),
 * and plans each run of a prepared read for its own values: a generic plan cannot know that a
 * search term is rare, and would scan where the trigram index answers at once. A checkpoint keeps
 * 64 MB of write-ahead log for reuse, not 1 GB (written into the data directory at every start).
 */
const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 32MB',
  'plan_cache_mode = force_custom_plan',
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
