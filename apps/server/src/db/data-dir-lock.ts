import fs from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: a second process opening the same files corrupts them.
 * The lock file holds the owner's pid; a stale lock (its process gone) is taken over.
 */
export function acquireDataDirLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database at ${lockPath.replace(/db\.lock$/, 'db')} is in use by process ${owner}. ` +
            'Stop it first, or set DATABASE_URL to share a PostgreSQL server between instances.',
          { cause: error },
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
