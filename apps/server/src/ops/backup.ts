import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPglite } from '../db/pglite-engine.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';

const execFileAsync = promisify(execFile);

export type BackupTarget = { databaseUrl?: string; dataDir: string };

/**
 * How to run a PostgreSQL client on `databaseUrl`: the password goes in the environment, where
 * other users of the machine cannot read it (`ps` shows every command line).
 */
export function pgClientCall(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool; a failure says what the tool said, never its command line (the address). */
async function runPgTool(tool: string, args: string[], databaseUrl: string, place: (url: string) => string[]) {
  const { url, env } = pgClientCall(databaseUrl);
  try {
    await execFileAsync(tool, [...args, ...place(url)], { env });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: number | string };
    const said = (stderr ?? '').trim().split('\n')[0] || String(code);
    // The caught error quotes the whole command line, the database address with it: not kept.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      `${tool} failed: ${said.replaceAll(databaseUrl, '<DATABASE_URL>').replaceAll(url, '<DATABASE_URL>')}`,
    );
  }
}

/** Backups hold password hashes and personal data: readable by their owner only. */
function privateFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** `community-2026-11-22T16-40-00Z.pgdump` or `.tar.gz`, in `DATA_DIR/backups` unless told. */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const extension = target.databaseUrl ? 'pgdump' : 'tar.gz';
  return path.join(target.dataDir, 'backups', `community-${stamp}.${extension}`);
}

/**
 * PostgreSQL: `pg_dump` in its custom format, taken while the server runs (a consistent
 * snapshot). Embedded: the whole data directory as a gzipped tarball; the server must be
 * stopped, since only one process may open it (the lock says so).
 */
export async function backupDatabase(target: BackupTarget, file = defaultBackupFile(target)): Promise<string> {
  privateFolder(path.dirname(file));
  // Made private before anything is written into it; pg_dump keeps the mode of a file it reuses.
  fs.writeFileSync(file, '', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  if (target.databaseUrl) {
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], target.databaseUrl, (url) => [url]);
    return file;
  }
  const dbDir = path.join(target.dataDir, 'db');
  if (!fs.existsSync(dbDir)) throw new Error(`no embedded database at ${dbDir}`);
  const release = acquireDataDirLock(path.join(target.dataDir, 'db.lock'));
  try {
    const db = await openPglite(dbDir);
    try {
      const dump = await db.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
  return file;
}

/**
 * PostgreSQL: `pg_restore --clean` in one transaction, so a failed restore changes nothing.
 * Embedded: the current data directory is moved aside (never deleted) and the backup unpacked
 * in its place; the server must be stopped.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ keptAside?: string }> {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.databaseUrl) {
    await runPgTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction'],
      target.databaseUrl,
      (url) => ['--dbname', url, file],
    );
    return {};
  }
  const release = acquireDataDirLock(path.join(target.dataDir, 'db.lock'));
  try {
    const dbDir = path.join(target.dataDir, 'db');
    const incoming = `${dbDir}.restoring`;
    fs.rmSync(incoming, { recursive: true, force: true });
    const db = await openPglite(incoming, new Blob([fs.readFileSync(file)]));
    await db.query('select 1');
    await db.close();
    let keptAside: string | undefined;
    if (fs.existsSync(dbDir)) {
      keptAside = `${dbDir}.before-restore-${Date.now()}`;
      fs.renameSync(dbDir, keptAside);
    }
    fs.renameSync(incoming, dbDir);
    return { keptAside };
  } finally {
    release();
  }
}
