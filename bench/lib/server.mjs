// Starts the built product on a free port with its own data directory, for benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, in MB, as the kernel counts it. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** RSS of a bare Fastify + PGlite process on `dataDir`, once it has settled. */
export async function bareRssMb(dataDir, settleMs) {
  const child = spawn(process.execPath, [path.join(root, 'bench/lib/bare-pglite.mjs'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', () => reject(new Error('the bare PGlite process exited')));
  });
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return rss;
}

/** The C library's allocator settings of this shell (`GLIBC_TUNABLES`, `MALLOC_*`), which the bare reference inherits too. */
const allocatorSettings = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name === 'GLIBC_TUNABLES' || name.startsWith('MALLOC_')),
  );

export async function startProduct(env = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'community-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      PATH: process.env.PATH,
      ...allocatorSettings(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    rssMb: () => rssMb(child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
