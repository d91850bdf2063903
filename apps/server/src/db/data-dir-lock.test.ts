import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entry } from '../test/server-process.js';
import { acquireDataDirLock, clearStaleLock } from './data-dir-lock.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has already ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** Processes that each try to take the lock at the same moment; answers how many got it. */
async function race(lockPath: string, contenders: number): Promise<number> {
  const module = path.join(path.dirname(entry), 'db/data-dir-lock.js');
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(module)});
    const start = Number(process.argv[1]);
    while (Date.now() < start) {}
    try { acquireDataDirLock(${JSON.stringify(lockPath)}); console.log('won'); setTimeout(() => {}, 1500); }
    catch { console.log('lost'); }`;
  const start = Date.now() + 400;
  const results = await Promise.all(
    Array.from({ length: contenders }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, String(start)]);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      return new Promise<string>((resolve) => child.on('exit', () => resolve(output.trim())));
    }),
  );
  return results.filter((result) => result === 'won').length;
}

describe('the data directory lock', () => {
  it('is refused while its owner runs and released by it', () => {
    const lockPath = path.join(dir, 'plain.lock');
    const release = acquireDataDirLock(lockPath);
    fs.writeFileSync(lockPath, String(process.ppid));
    expect(() => acquireDataDirLock(lockPath)).toThrow(/in use by process/);
    fs.writeFileSync(lockPath, String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('I3: goes to exactly one of several processes that find the same stale lock at once', async () => {
    for (let round = 0; round < 3; round++) {
      const lockPath = path.join(dir, `stale-${round}.lock`);
      fs.writeFileSync(lockPath, String(await deadPid()));
      expect(await race(lockPath, 6)).toBe(1);
    }
  }, 60_000);

  it('I3: a process that saw a stale lock leaves alone the lock another process has taken since', async () => {
    const lockPath = path.join(dir, 'replaced.lock');
    const stale = await deadPid();
    // Between this process reading the stale owner and clearing it, another took the lock.
    fs.writeFileSync(lockPath, String(process.ppid));
    clearStaleLock(lockPath, stale);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
    expect(() => acquireDataDirLock(lockPath)).toThrow(/in use by process/);
    fs.writeFileSync(lockPath, String(stale));
    clearStaleLock(lockPath, stale);
    expect(fs.existsSync(lockPath)).toBe(false);
  });
});
