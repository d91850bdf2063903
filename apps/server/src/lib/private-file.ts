import fs from 'node:fs';
import path from 'node:path';

/** Writes `content` to `file`, readable and writable by this user only (the folder too, when made here). */
export function writePrivateFile(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, content, { mode: 0o600 });
  // The mode given above applies only to a file this call creates.
  fs.chmodSync(file, 0o600);
}

/** The content of `file`; created first from `create()`, as a private file, when it does not exist. */
export function readOrCreatePrivateFile(file: string, create: () => string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: of two processes creating it at once, one writes and the other reads what it wrote.
    fs.writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
