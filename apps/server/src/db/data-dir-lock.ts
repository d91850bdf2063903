import fs from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ownerOf = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
};

const removeIfPresent = (file: string) => fs.rmSync(file, { force: true });

/**
 * Creates `file` holding this process's pid, or fails with EEXIST. The pid is written to a file of
 * its own first and linked into place, so nobody ever reads the lock empty.
 */
function createOwnedFile(file: string): void {
  const draft = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, String(process.pid));
  try {
    fs.linkSync(draft, file);
  } finally {
    removeIfPresent(draft);
  }
}

/**
 * Clears a stale lock (its process gone), one process at a time: the takeover file is created
 * exclusively, and under it the lock is removed only if it still holds the stale owner. Two
 * processes finding the same stale lock can therefore never both remove a lock and both create one.
 */
export function clearStaleLock(lockPath: string, staleOwner: number | undefined): void {
  const takeover = `${lockPath}.takeover`;
  try {
    createOwnedFile(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking over; one that died while doing so left its file behind.
    const taker = ownerOf(takeover);
    if (taker !== undefined && !isRunning(taker)) removeIfPresent(takeover);
    return;
  }
  try {
    if (ownerOf(lockPath) === staleOwner) removeIfPresent(lockPath);
  } finally {
    removeIfPresent(takeover);
  }
}

/**
 * PGlite is a single-process database: a second process opening the same files corrupts them.
 * The lock file holds the owner's pid; a stale lock (its process gone) is taken over.
 */
export function acquireDataDirLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      createOwnedFile(lockPath);
      return () => {
        if (ownerOf(lockPath) === process.pid) removeIfPresent(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(lockPath);
      if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database at ${lockPath.replace(/db\.lock$/, 'db')} is in use by process ${owner}. ` +
            'Stop it first, or set DATABASE_URL to share a PostgreSQL server between instances.',
          { cause: error },
        );
      }
      clearStaleLock(lockPath, owner);
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
